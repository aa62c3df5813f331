#!/usr/bin/env node
// Writes common-passwords.txt beside this file: the passwords registration and password reset refuse.
//
// How the list is built, honestly: this machine has no network access to the published lists
// (SecLists' "10k-most-common", the RockYou leak, the UK NCSC top 100k, SplashData's yearly top 25),
// so nothing here was downloaded. Tier 1 is typed from memory of the top of those lists, in roughly
// their order; it will differ from any one of them in places. Tiers 2-4 are generated from the
// patterns that fill the rest of such lists: digit runs and repeats, keyboard walks, 'password'
// and its spellings with digits and years, years and dates, and common words, names, teams and
// gambling words with the suffixes people add ('1', '123', '!', a year). Everything is lower case
// (the check lower-cases the candidate), de-duplicated, and cut at 10,000 lines, earlier tiers and
// more common suffixes first. Deterministic: run it again and the file is identical.
//
//   node server/domain/auth/common-passwords.build.mjs
import { writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const LIMIT = 10_000

// ── Tier 1: the top of the well-known lists, from memory ─────────────────────
const TOP = `
123456 password 12345678 qwerty 123456789 12345 1234 111111 1234567 dragon 123123 baseball abc123
football monkey letmein 696969 shadow master 666666 qwertyuiop 123321 mustang 1234567890 michael
654321 superman 1qaz2wsx 7777777 121212 000000 qazwsx 123qwe killer trustno1 jordan jennifer
zxcvbnm asdfgh hunter buster soccer harley batman andrew tigger sunshine iloveyou 2000 charlie
robert thomas hockey ranger daniel starwars klaster 112233 george computer michelle jessica pepper
1111 zxcvbn 555555 11111111 131313 freedom 777777 pass maggie 159753 aaaaaa ginger princess joshua
cheese amanda summer love ashley nicole chelsea biteme matthew access yankees 987654321 dallas
austin thunder taylor matrix william corvette hello martin heather secret merlin diamond 1234qwer
gfhjkm hammer silver 222222 88888888 anthony justin test bailey q1w2e3r4t5 patrick internet
scooter orange 11111 golfer cookie richard samantha bigdog guitar jackson whatever mickey chicken
sparky snoopy maverick phoenix camaro peanut morgan welcome falcon cowboy ferrari samsung andrea
smokey steelers joseph mercedes dakota arsenal eagles melissa boomer booboo spider nascar monster
tigers yellow xxxxxx 123123123 gateway marina diablo bulldog qwer1234 compaq purple hardcore
banana junior hannah 123654 porsche lakers iceman money cowboys 987654 london tennis 999999 ncc1701
coffee scooby 0000 miller boston q1w2e3r4 fuckme brandon yamaha chester mother forever johnny
edward 333333 oliver redsox player nikita knight fender barney midnight please brandy chicago
badboy iwantu slayer rangers charles angel flower bigdaddy rabbit wizard bigdick jasper enter
rachel chris steven winner adidas victoria natasha 1q2w3e4r jasmine winter prince panties marine
ghbdtn fishing cocacola casper james 232323 raiders 888888 marlboro gandalf asdfasdf crystal 87654321
12344321 sexsex golden blowme bigtits 8675309 panther lauren angela bitch spanky thx1138 angels
madison winston shannon mike toyota blowjob jordan23 canada sophie apples dick tiger razz 123abc
pokemon qazxsw 55555 qwaszx muffin johnson murphy cooper jonathan liverpoo david danielle 159357
jackie 1990 123456a 789456 turtle horny abcd1234 scorpion qazwsxedc 101010 butter carlos password1
dennis slipknot qwerty123 booger asdf 1991 black startrek 12341234 cameron newyork rainbow nathan
john 1992 rocket viking redskins butthead asdfghjkl 1212 sierra peaches gemini doctor wilson sandra
helpme qwertyui victor florida dolphin pookie captain tucker blue liverpool theman bandit dolphins
maddog packers jaguar lovers nicholas united tiffany maxwell zzzzzz nirvana jeremy suckit stupid
porn monica elephant giants jackass hotdog rosebud success debbie mountain 444444 xxxxxxxx warrior
1q2w3e4r5t hello123 password123 charlie1 welcome1 admin admin123 root toor letmein1 iloveyou1
monkey1 abc12345 qwerty1 baseball1 football1 sunshine1 princess1 1qaz2wsx3edc zaq12wsx zaq1zaq1
aa123456 a123456 123456789a 123456q qwe123 1q2w3e 1q2w3e4r5t6y 147258369 147258 741852963 789456123
456789 987654 9876543210 0987654321 1234abcd abcdef abcdefg abcdefgh 123abc456 abc123456 picture1
senha 102030 123mudar 1234561 654321a samsung1 qwertyu 11223344 1122334455 12121212 123qweasd
qweasdzxc qweasd asdzxc zxcasdqwe iloveu iloveyou2 loveme lovely love123 babygirl baby123 angel1
princesa teamo tequiero contraseña contrasena 123456789q password12 password1234 passw0rd p@ssw0rd
p@ssword pa55word pass123 pass1234 welcome123 changeme default guest user login demo test123 test1234
1234qwerasdf 1qazxsw2 !qaz2wsx qwertyuiop123 qazxswedc 1qaz1qaz 2wsx3edc 3edc4rfv asdfghjkl123
google facebook youtube myspace1 linkedin twitter instagram tinkle computer1 internet1 master1
michael1 jordan1 superman1 batman1 shadow1 dragon1 killer1 hunter1 soccer1 hockey1 jessica1
ashley1 matthew1 daniel1 robert1 thomas1 summer1 nicole1 hannah1 flower1 freedom1 secret1 hello1
qwerty12 qwerty1234 qwerty12345 1qaz2wsx! starwars1 pokemon1 naruto sasuke onepiece dragonball
minecraft fortnite roblox zelda mario pikachu cheese1 chocolate cookie1 banana1 apple apple123
monkey123 dragon123 master123 shadow123 killer123 qwerty321 abc1234 ab123456 a1b2c3 a1b2c3d4
asd123 zxc123 zxcvbnm1 asdfgh1 azerty azertyuiop qwertz qwertzuiop 1qay2wsx ichliebedich hallo123
schatz passwort passwort1 fussball schalke04 bayern dortmund hallo schalke werder
amor amorcito mariposa estrella corazon hola123 chivas america tequieromucho
futebol flamengo corinthians palmeiras santos gremio vasco saopaulo brasil amorzinho
boca river barcelona realmadrid madrid juventus milan inter napoli roma chelsea1 manutd
arsenal1 liverpool1 everton tottenham newcastle celtic rangers1
`

// ── Shared vocabularies for the generated tiers ──────────────────────────────
const WORDS = `
password pass admin login welcome letmein monkey dragon master shadow sunshine princess football
baseball soccer hockey basketball tennis golf golfer killer hunter buster tigger charlie freedom
whatever trustno1 iloveyou loveyou lovely love angel angels baby babygirl babyboy sweet sweetie
honey sugar candy cookie cookies cheese chocolate banana apple orange cherry peach lemon summer
winter spring autumn sunny sunday monday friday flower flowers rose butterfly rainbow star stars
starwars superman batman spiderman ironman hulk marvel pokemon pikachu naruto matrix ninja pirate
samurai warrior knight wizard merlin gandalf legend hero zombie ghost devil demon lucifer jesus
christ god heaven blessed faith church bible soldier army navy marine police fire fireman doctor
nurse teacher student school college money cash dollar euro gold silver diamond crystal platinum
rich lucky luck winner champion boss king queen prince lady lord sexy hot cool crazy happy smile
funny killer1 gamer player game games poker casino jackpot betting bet blackjack roulette slots
slot bingo lotto lottery vegas lasvegas bonus spin spins freespin dice ace aces royal ante
bitcoin crypto ethereum trader forex stock market bank banker business office work computer
laptop internet google yahoo hotmail gmail facebook youtube twitter apple iphone android samsung
nokia sony nintendo xbox playstation ps4 ps5 windows linux ubuntu mac hacker hacked access secret
private security system server network root admin1 guest user test demo default changeme temp
mustang ferrari porsche bmw audi mercedes toyota honda nissan ford chevy corvette camaro harley
yamaha ducati kawasaki suzuki jaguar viper cobra falcon eagle hawk tiger lion panther leopard
wolf bear shark dolphin whale horse pony bunny rabbit kitty kitten cat cats dog dogs puppy doggy
monkey1 donkey turtle snake spider scorpion dragonfly phoenix unicorn pegasus bulldog husky
boxer rocky rocket thunder lightning storm blizzard hurricane tornado ocean river mountain forest
island beach paradise sunset sunrise moon moonlight midnight shadow1 black white blue red green
yellow purple pink silver1 orange1 music guitar piano drums rock metal punk jazz blues dance
party disco rap hiphop eminem metallica nirvana slipknot beatles queen1 elvis madonna rihanna
london paris berlin madrid rome tokyo moscow newyork chicago boston dallas texas florida california
canada mexico brazil america usa england france germany spain italy russia china japan india
australia africa europe asia london1 liverpool chelsea arsenal barcelona realmadrid juventus
milan bayern dortmund united city manchester lakers yankees cowboys steelers packers raiders
eagles patriots giants dodgers redsox cubs bulls celtics knicks heat warriors spurs
coffee beer vodka whisky wine tequila pizza burger pasta sushi taco
family mother father mommy daddy sister brother friend friends forever always together
welcome2 hello hi hey yes nothing something anything everything
qwerty asdf zxcv qwer asdfgh zxcvbn qwertyui
`

const NAMES = `
michael jennifer jessica ashley amanda sarah daniel david james john robert william joseph thomas
charles christopher matthew anthony mark donald steven paul andrew joshua kenneth kevin brian george
edward ronald timothy jason jeffrey ryan jacob gary nicholas eric jonathan stephen larry justin scott
brandon benjamin samuel frank gregory raymond alexander patrick jack dennis jerry tyler aaron jose
adam henry nathan douglas zachary peter kyle walter ethan jeremy harold keith christian roger noah
gerald carl terry sean austin arthur lawrence jesse dylan bryan joe jordan billy bruce albert willie
gabriel logan alan juan wayne roy ralph randy eugene vincent russell elijah louis bobby philip johnny
mary patricia linda barbara elizabeth susan margaret dorothy lisa nancy karen betty helen sandra donna
carol ruth sharon michelle laura kimberly deborah emily melissa stephanie rebecca laura amy shirley
angela anna brenda pamela emma nicole samantha katherine christine debra rachel catherine carolyn
janet maria heather diane julie joyce victoria kelly christina lauren joan evelyn olivia judith megan
cheryl martha andrea frances hannah jacqueline ann gloria jean kathryn alice teresa sara janice doris
madison julia grace judy abigail marie denise beverly amber theresa marilyn danielle diana brittany
natalie sophia rose isabella alexis kayla charlotte tiffany jasmine chloe natasha sophie alex max
sam ben tom tim jim bob bill mike dave chris nick matt josh jake luke mia ella lily zoe lucy leo
oliver harry charlie jack george oscar alfie archie freddie marco carlos luis miguel jorge pedro
javier diego fernando ricardo alejandro manuel antonio francisco sergio pablo andres rafael lucas
mateo santiago sebastian valentina camila sofia lucia paula daniela gabriela mariana fernanda
joao gabriel rafaela beatriz larissa bruna leticia thiago felipe gustavo rodrigo vinicius matheus
hans peter klaus jurgen stefan andreas thomas1 michael1 markus tobias florian lukas jonas leon finn
anna1 lena laura1 julia1 katrin sabine petra monika claudia nicole1 sandra1 ivan dmitry sergey
alexey andrey natasha1 olga tatiana svetlana elena irina maxim vladimir artem denis
`

const TEAMS_AND_MISC = `
cowboys steelers packers patriots eagles giants bears raiders broncos chiefs dolphins jets
lakers celtics bulls knicks warriors yankees redsox dodgers cubs mets braves
arsenal chelsea liverpool everton united city tottenham barcelona madrid juventus milan inter
bayern dortmund schalke flamengo corinthians palmeiras santos boca river chivas america
`

const words = (s) => s.split(/\s+/).filter(Boolean)

// ── Tier 2: digits, keyboard walks, 'password' spellings ─────────────────────
function tier2() {
  const out = []
  const digits = '1234567890'
  for (let n = 4; n <= 10; n++) out.push(digits.slice(0, n), digits.slice(0, n).split('').reverse().join(''))
  for (let n = 4; n <= 10; n++) out.push('0123456789'.slice(0, n))
  for (let d = 0; d <= 9; d++) for (let n = 4; n <= 12; n++) out.push(String(d).repeat(n))
  for (const base of ['12', '123', '1234', '12345', '21', '321', '4321', '69', '13', '11', '01', '10', '007', '420', '911']) {
    for (let times = 2; base.length * times <= 12; times++) out.push(base.repeat(times))
  }
  for (let a = 0; a <= 9; a++) {
    for (let b = 0; b <= 9; b++) {
      if (a === b) continue
      out.push(`${a}${b}`.repeat(3), `${a}${b}`.repeat(4), `${a}${a}${b}${b}${a}${a}${b}${b}`, `${a}${a}${a}${b}${b}${b}`)
    }
  }
  out.push('112233', '11223344', '1122334455', '123321', '1234321', '12344321', '123454321', '147258369', '147258', '258369',
    '369258147', '741852963', '789456123', '963852741', '159357', '159753', '357159', '951753', '753951', '147852', '258456',
    '135790', '13579', '24680', '2468', '246810', '97531', '1235789', '12369874', '14789632', '1478963', '3698521', '789789',
    '456456', '123789', '789123', '147147', '159159', '100200', '102030', '10203040', '112358', '11235813', '31415926', '314159',
    '271828', '8675309', '5201314', '520520', '1314520', '8888', '888888', '88888888', '999999999', '5150', '80085', '1337')

  const rows = ['qwertyuiop', 'asdfghjkl', 'zxcvbnm', 'qwertzuiop', 'azertyuiop', 'ytrewq', 'poiuytrewq', 'lkjhgfdsa', 'mnbvcxz']
  for (const row of rows) for (let n = 4; n <= row.length; n++) out.push(row.slice(0, n))
  out.push('qwerasdfzxcv', 'qweasdzxc', 'qazwsxedc', 'qazwsxedcrfv', 'zaqxswcde', 'zaqwsx', 'zaq12wsx', 'zaq1xsw2', 'xsw2zaq1', '1qaz2wsx',
    '1qaz2wsx3edc', '1qaz2wsx3edc4rfv', '2wsx1qaz', '1qazxsw2', '1qazzaq1', '1qaz1qaz', '!qaz2wsx', '!qaz@wsx', '1q2w3e', '1q2w3e4r',
    '1q2w3e4r5t', '1q2w3e4r5t6y', '1q2w3e4r5t6y7u', 'q1w2e3r4', 'q1w2e3r4t5', 'q1w2e3r4t5y6', 'a1s2d3f4', 'z1x2c3v4', '1a2s3d4f',
    'qwe123', 'qwe321', 'qweqwe', 'qweasd', 'qweasdzxc', 'qwer1234', 'qwer4321', 'asdf1234', 'zxcv1234', 'qwert123', 'qwerty123',
    'qwerty12', 'qwerty1', 'qwerty12345', 'qwerty123456', 'asd123', 'asdasd', 'asdasdasd', 'asdqwe', 'asdqwe123', 'zxc123', 'zxczxc',
    'zxcasd', 'qazqaz', 'wsxwsx', 'asdfasdf', 'qwerqwer', 'zxcvzxcv', 'qwertyqwerty', '1234qwer', '1234asdf', '1234zxcv', '123qwe',
    '123qweasd', '123qweasdzxc', '123asd', '123zxc', '321qwe', 'qwe123qwe', 'qwe123456', 'asdfghjkl123', 'qwertyuiop123',
    'poiuyt', 'lkjhgf', 'mnbvcx', 'ytrewq123', 'qaz123', 'wsx123', 'qazwsx123', 'qazxsw', 'qazxswedc', 'edcrfv', 'rfvtgb',
    'tgbyhn', 'yhnujm', '!@#$%^', '!@#$%^&*', '!@#$%^&*()', '1234!@#$', '123!@#', '!@#123', 'qwerty!', 'qwerty!@#', '1qaz@wsx',
    'qwertyu', 'asdfghj', 'zxcvbn1', 'mnbvcxz1')

  const passwords = ['password', 'passw0rd', 'p@ssword', 'p@ssw0rd', 'pa55word', 'pa55w0rd', 'passwort', 'passwd', 'pass', 'pwd',
    'senha', 'contrasena', 'motdepasse', 'parola', 'wachtwoord', 'haslo', 'salasana', 'losenord', 'adgangskode']
  const passSuffixes = ['', '1', '12', '123', '1234', '12345', '123456', '!', '1!', '123!', '01', '11', '2', '3', '7', '69', '99', '00',
    '007', '@123', '#1', '*', '!!']
  for (const s of passSuffixes) for (const p of passwords) out.push(p + s)
  for (let n = 0; n <= 99; n++) out.push(`password${n}`, `pass${n}`, `passw0rd${n}`)
  for (let y = 1970; y <= 2030; y++) out.push(`password${y}`, `pass${y}`, `p@ssw0rd${y}`, `passwort${y}`)
  out.push('mypassword', 'newpassword', 'oldpassword', 'yourpassword', 'thepassword', 'secretpassword', 'nopassword',
    'password!', 'passwordpassword', 'passpass', 'pass1word', 'pass123word', 'drowssap', 'p4ssw0rd', 'p4ssword', 'pa$$word',
    'pa$$w0rd', 'letmein', 'letmein1', 'letmein123', 'letmein!', 'changeme', 'changeme1', 'changeme123', 'welcome', 'welcome1',
    'welcome123', 'welcome!', 'admin', 'admin1', 'admin12', 'admin123', 'admin1234', 'administrator', 'root', 'root123', 'toor',
    'test', 'test1', 'test12', 'test123', 'test1234', 'testing', 'testing123', 'guest', 'guest123', 'user', 'user123', 'demo',
    'demo123', 'default', 'login', 'login123', 'secret', 'secret123', 'qwerty', 'abc', 'abcd', 'abcde', 'abcdef', 'abcdefg',
    'abcdefgh', 'abcdefghi', 'abcdefghij', 'abc123', 'abc1234', 'abc12345', 'abc123456', 'abcd123', 'abcd1234', 'abcde123',
    'abcdef123', 'a12345', 'a123456', 'a1234567', 'a12345678', 'a123456789', 'aa123456', 'aaa111', 'aaa123', 'aa1234', 'a1b2c3',
    'a1b2c3d4', 'a1b2c3d4e5', 'abcabc', 'abcabc123', '123abc', '123456abc', '1234abcd', 'q123456', 'z123456', 'qq123456',
    '123456a', '123456q', '123456z', '1234567a', '12345678a', '123456789a', '12345a', '12345q', '1234a', 'qwe', 'asd', 'zxc')
  for (let c = 97; c <= 122; c++) for (let n = 4; n <= 10; n++) out.push(String.fromCharCode(c).repeat(n))
  for (let c = 97; c <= 122; c++) {
    const ch = String.fromCharCode(c)
    out.push(`${ch.repeat(3)}111`, `${ch.repeat(3)}123`, `${ch}123456`, `${ch.repeat(2)}123456`, `${ch}1234567`, `${ch}12345678`)
  }
  return out
}

// ── Tier 3: years and dates ──────────────────────────────────────────────────
function tier3() {
  const out = []
  for (let y = 2030; y >= 1940; y--) out.push(String(y))
  for (let y = 1960; y <= 2025; y++) out.push(`${y}${y}`, `${y}1`, `1${y}`, `${y}123`)
  // ddmmyy and mmddyy of the first day of each month, and a few famous dates
  for (let m = 1; m <= 12; m++) {
    const mm = String(m).padStart(2, '0')
    for (const yy of ['80', '85', '88', '90', '95', '99', '00', '01']) out.push(`01${mm}${yy}`, `${mm}01${yy}`)
  }
  out.push('010101', '020202', '030303', '040404', '050505', '060606', '070707', '080808', '090909', '101010', '111111', '121212',
    '01011990', '01011980', '01011985', '01012000', '01012001', '11111111', '12121212', '19901990', '09111973', '11092001', '911911')
  return out
}

// ── Tier 4: words, names and teams with the suffixes people add ──────────────
function tier4() {
  const base = [...new Set([...words(WORDS), ...words(NAMES), ...words(TEAMS_AND_MISC)])]
  // Suffix-major: every word with '' and '1' before any word with '2024', so the cut keeps the likeliest.
  const suffixes = ['', '1', '123', '12', '!', '1234', '2', '01', '11', '69', '007', '13', '7', '22', '23', '99', '77', '88', '10',
    '21', '12345', '2000', '2001', '1990', '1991', '1992', '1993', '1994', '1995', '1996', '1997', '1998', '1999', '2002', '2003',
    '2004', '2005', '2010', '2015', '2018', '2019', '2020', '2021', '2022', '2023', '2024', '2025', '!1', '1!', '123!', '@123', '#1',
    '3', '4', '5', '6', '8', '9', '0', '00', '101', '111', '666', '777', '888', '999', '321', '12!', '!!']
  const out = []
  for (const suffix of suffixes) for (const word of base) out.push(word + suffix)
  // Capitalised-first spellings collapse into the same lower-case entries; leetspeak of the top words does not.
  const leet = (w) => w.replace(/a/g, '@').replace(/o/g, '0').replace(/e/g, '3').replace(/i/g, '1').replace(/s/g, '$')
  for (const word of base.slice(0, 150)) out.push(leet(word), `${leet(word)}1`, `${leet(word)}123`)
  for (const word of base.slice(0, 150)) out.push(word + word, `${word}${word}1`, `i${word}`, `ilove${word}`, `my${word}`)
  return out
}

const seen = new Set()
const list = []
for (const candidate of [...words(TOP), ...tier2(), ...tier3(), ...tier4()]) {
  const entry = candidate.toLowerCase().trim()
  // One password per line: nothing with spaces, and nothing shorter than 4 (too short to register anyway).
  if (entry.length < 4 || /\s/.test(entry) || seen.has(entry)) continue
  seen.add(entry)
  list.push(entry)
  if (list.length === LIMIT) break
}
if (list.length < LIMIT) throw new Error(`Only ${list.length} passwords generated; add words to reach ${LIMIT}`)

const target = join(dirname(fileURLToPath(import.meta.url)), 'common-passwords.txt')
writeFileSync(target, `${list.join('\n')}\n`)
console.log(`wrote ${list.length} passwords to ${target}`)
