// Test vectors of provably fair rounds, computed by the server (server/domain/games/fair-vectors.test.ts
// writes this file with UPDATE_FAIR_VECTORS=1 and checks it on every run); the /fairness page's
// Web Crypto verifier must give the same (src/services/games/fair-verify.test.ts). Data only.
import type { RoundKind } from '../kinds'

export interface StreamVector {
  readonly serverSeed: string
  readonly clientSeed: string
  readonly nonce: number
  /** The stream's raw 32-bit words in order, eight per block: cursors 0, 1, 2, ... */
  readonly words: readonly number[]
}

export interface RoundVector {
  readonly name: string
  readonly kind: RoundKind
  /** The title whose rules it plays, or null for the engine's default rules. */
  readonly game: string | null
  readonly serverSeed: string
  readonly clientSeed: string
  readonly nonce: number
  readonly bet: unknown
  /** The first stake, minor units. */
  readonly stake: number
  /** The decisions, in the engine's form, as the server records them. */
  readonly actions: readonly unknown[]
  /** The whole engine state the server keeps, as JSON. */
  readonly state: unknown
}

export interface FairVectors {
  readonly streams: readonly StreamVector[]
  readonly rounds: readonly RoundVector[]
}

export const FAIR_VECTORS: FairVectors = {
 "streams": [
  {
   "serverSeed": "0a0a3725fb8ea7ed4c621afb9bb4ea2f31039659d79c6e91556410ff38f36a80",
   "clientSeed": "a1b2c3d4e5f60718",
   "nonce": 0,
   "words": [
    2457675427,
    1855618216,
    3069576977,
    2279318078,
    2823255599,
    2488490771,
    2791968125,
    2250829640,
    197383781,
    169446859,
    3815783528,
    4294319495,
    2811692679,
    779860121,
    788467861,
    3297545153,
    4286002806,
    2596695830,
    1187836102,
    2195938725,
    2818372319,
    3593333282,
    3996983130,
    1162133214
   ]
  },
  {
   "serverSeed": "0a0a3725fb8ea7ed4c621afb9bb4ea2f31039659d79c6e91556410ff38f36a80",
   "clientSeed": "a1b2c3d4e5f60718",
   "nonce": 1,
   "words": [
    1095407802,
    2333246409,
    2276368620,
    3753612304,
    3865142390,
    2260808676,
    717675914,
    4191110322,
    1703883118,
    3973548561,
    1946031166,
    2656282205,
    1439225552,
    1951290678,
    2330477401,
    676055212
   ]
  },
  {
   "serverSeed": "c94f79bbe78d9b4cb2664ec29012f47396d807e7d350f81e843ffb75b75e9168",
   "clientSeed": "player~chosen!seed",
   "nonce": 41,
   "words": [
    3013841786,
    2734193915,
    2360844453,
    2840254154,
    2855277376,
    463312678,
    2356341092,
    1352876822,
    3280595260,
    3853027801,
    3872322656,
    226501837,
    3807731426,
    1343213084,
    952724096,
    4272705433,
    2545310613,
    4087433921,
    1346940376,
    4184186546,
    1447838002,
    3778629970,
    1783750973,
    2472651605,
    3437621893,
    4052629578,
    2709804544,
    817690257,
    957049080,
    2406947275,
    2807888348,
    1934897415,
    1073578707,
    635491003,
    521695449,
    327992226,
    86381169,
    2070581571,
    1761081610,
    3706389448
   ]
  },
  {
   "serverSeed": "ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff",
   "clientSeed": "x",
   "nonce": 123456,
   "words": [
    2049666123,
    1476878631,
    2510196873,
    2266960332,
    1802862319,
    18701296,
    112739417,
    4249304928,
    2960140779,
    2491080738,
    391385775,
    3856195112,
    4052944034,
    2697573173,
    3336942101,
    2707004810
   ]
  }
 ],
 "rounds": [
  {
   "name": "dice",
   "kind": "dice",
   "game": "dice-classic",
   "serverSeed": "c94f79bbe78d9b4cb2664ec29012f47396d807e7d350f81e843ffb75b75e9168",
   "clientSeed": "a1b2c3d4e5f60718",
   "nonce": 3,
   "bet": {
    "target": 50.5,
    "direction": "over"
   },
   "stake": 100,
   "actions": [],
   "state": {
    "roll": 71.08,
    "target": 50.5,
    "direction": "over",
    "win": true,
    "multiplier": 2.0004
   }
  },
  {
   "name": "dice under",
   "kind": "dice",
   "game": "dice-classic",
   "serverSeed": "0a0a3725fb8ea7ed4c621afb9bb4ea2f31039659d79c6e91556410ff38f36a80",
   "clientSeed": "a1b2c3d4e5f60718",
   "nonce": 4,
   "bet": {
    "target": 10,
    "direction": "under"
   },
   "stake": 100,
   "actions": [],
   "state": {
    "roll": 26.26,
    "target": 10,
    "direction": "under",
    "win": false,
    "multiplier": 0
   }
  },
  {
   "name": "limbo",
   "kind": "limbo",
   "game": null,
   "serverSeed": "c94f79bbe78d9b4cb2664ec29012f47396d807e7d350f81e843ffb75b75e9168",
   "clientSeed": "a1b2c3d4e5f60718",
   "nonce": 5,
   "bet": {
    "target": 2
   },
   "stake": 100,
   "actions": [],
   "state": {
    "result": 4.09,
    "target": 2,
    "win": true,
    "multiplier": 2
   }
  },
  {
   "name": "wheel",
   "kind": "wheel",
   "game": null,
   "serverSeed": "0a0a3725fb8ea7ed4c621afb9bb4ea2f31039659d79c6e91556410ff38f36a80",
   "clientSeed": "a1b2c3d4e5f60718",
   "nonce": 6,
   "bet": {
    "segments": 30,
    "risk": "high"
   },
   "stake": 100,
   "actions": [],
   "state": {
    "segment": 4,
    "segments": 30,
    "risk": "high",
    "multiplier": 0
   }
  },
  {
   "name": "keno",
   "kind": "keno",
   "game": null,
   "serverSeed": "c94f79bbe78d9b4cb2664ec29012f47396d807e7d350f81e843ffb75b75e9168",
   "clientSeed": "a1b2c3d4e5f60718",
   "nonce": 7,
   "bet": {
    "picks": [
     1,
     5,
     9,
     13,
     22,
     38
    ],
    "risk": "classic"
   },
   "stake": 100,
   "actions": [],
   "state": {
    "drawn": [
     40,
     26,
     25,
     8,
     36,
     18,
     12,
     4,
     35,
     13
    ],
    "picks": [
     1,
     5,
     9,
     13,
     22,
     38
    ],
    "hits": [
     13
    ],
    "multiplier": 0
   }
  },
  {
   "name": "plinko",
   "kind": "plinko",
   "game": null,
   "serverSeed": "0a0a3725fb8ea7ed4c621afb9bb4ea2f31039659d79c6e91556410ff38f36a80",
   "clientSeed": "a1b2c3d4e5f60718",
   "nonce": 8,
   "bet": {
    "rows": 12,
    "risk": "medium"
   },
   "stake": 100,
   "actions": [],
   "state": {
    "rows": 12,
    "risk": "medium",
    "path": [
     1,
     1,
     1,
     1,
     1,
     0,
     0,
     1,
     0,
     0,
     0,
     1
    ],
    "slot": 7,
    "multiplier": 0.46
   }
  },
  {
   "name": "roulette",
   "kind": "roulette",
   "game": null,
   "serverSeed": "c94f79bbe78d9b4cb2664ec29012f47396d807e7d350f81e843ffb75b75e9168",
   "clientSeed": "a1b2c3d4e5f60718",
   "nonce": 9,
   "bet": {
    "bets": [
     {
      "bet": {
       "kind": "red"
      },
      "stake": 60
     },
     {
      "bet": {
       "kind": "straight",
       "numbers": [
        17
       ]
      },
      "stake": 40
     }
    ]
   },
   "stake": 100,
   "actions": [],
   "state": {
    "number": 34,
    "color": "red",
    "bets": [
     {
      "bet": {
       "kind": "red"
      },
      "stake": 60,
      "won": true,
      "payback": 120
     },
     {
      "bet": {
       "kind": "straight",
       "numbers": [
        17
       ]
      },
      "stake": 40,
      "won": false,
      "payback": 0
     }
    ],
    "stake": 100,
    "payback": 120,
    "multiplier": 1.2
   }
  },
  {
   "name": "baccarat",
   "kind": "baccarat",
   "game": null,
   "serverSeed": "0a0a3725fb8ea7ed4c621afb9bb4ea2f31039659d79c6e91556410ff38f36a80",
   "clientSeed": "a1b2c3d4e5f60718",
   "nonce": 10,
   "bet": {
    "bets": [
     {
      "bet": "banker",
      "stake": 100
     }
    ]
   },
   "stake": 100,
   "actions": [],
   "state": {
    "playerCards": [
     {
      "rank": 6,
      "suit": 0
     },
     {
      "rank": 2,
      "suit": 0
     }
    ],
    "bankerCards": [
     {
      "rank": 1,
      "suit": 3
     },
     {
      "rank": 9,
      "suit": 2
     }
    ],
    "winner": "player",
    "playerPair": false,
    "bankerPair": false,
    "playerTotal": 8,
    "bankerTotal": 0,
    "bets": [
     {
      "bet": "banker",
      "stake": 100,
      "payback": 0
     }
    ],
    "stake": 100,
    "payback": 0,
    "multiplier": 0
   }
  },
  {
   "name": "line slot aurora-lanterns",
   "kind": "line_slot",
   "game": "aurora-lanterns",
   "serverSeed": "c94f79bbe78d9b4cb2664ec29012f47396d807e7d350f81e843ffb75b75e9168",
   "clientSeed": "a1b2c3d4e5f60718",
   "nonce": 11,
   "bet": {},
   "stake": 100,
   "actions": [],
   "state": {
    "spins": [
     {
      "stops": [
       6,
       7,
       7,
       24,
       25
      ],
      "window": [
       [
        "ace",
        "queen",
        "reindeer"
       ],
       [
        "queen",
        "lantern",
        "lantern"
       ],
       [
        "wild",
        "king",
        "queen"
       ],
       [
        "ace",
        "reindeer",
        "ace"
       ],
       [
        "queen",
        "queen",
        "scatter"
       ]
      ],
      "lineWins": [
       {
        "line": 7,
        "symbol": "queen",
        "count": 3,
        "win": 0.55
       }
      ],
      "scatters": 1,
      "scatterWin": 0,
      "multiplier": 1,
      "win": 0.55,
      "awarded": 0
     }
    ],
    "freeSpins": 0,
    "multiplier": 0.55
   }
  },
  {
   "name": "cluster slot pearl-cascade",
   "kind": "cluster_slot",
   "game": "pearl-cascade",
   "serverSeed": "0a0a3725fb8ea7ed4c621afb9bb4ea2f31039659d79c6e91556410ff38f36a80",
   "clientSeed": "a1b2c3d4e5f60718",
   "nonce": 20,
   "bet": {},
   "stake": 100,
   "actions": [],
   "state": {
    "spins": [
     {
      "free": false,
      "grid": [
       [
        "coral",
        "seahorse",
        "kelp",
        "shell",
        "coral"
       ],
       [
        "starfish",
        "conch",
        "seahorse",
        "bubble",
        "conch"
       ],
       [
        "shell",
        "kelp",
        "bubble",
        "conch",
        "bubble"
       ],
       [
        "kelp",
        "kelp",
        "bubble",
        "shell",
        "starfish"
       ],
       [
        "bubble",
        "bubble",
        "shell",
        "starfish",
        "coral"
       ],
       [
        "bubble",
        "coral",
        "starfish",
        "bubble",
        "shell"
       ]
      ],
      "values": [
       [
        0,
        0,
        0,
        0,
        0
       ],
       [
        0,
        0,
        0,
        0,
        0
       ],
       [
        0,
        0,
        0,
        0,
        0
       ],
       [
        0,
        0,
        0,
        0,
        0
       ],
       [
        0,
        0,
        0,
        0,
        0
       ],
       [
        0,
        0,
        0,
        0,
        0
       ]
      ],
      "cascades": [
       {
        "grid": [
         [
          "coral",
          "seahorse",
          "kelp",
          "shell",
          "coral"
         ],
         [
          "starfish",
          "conch",
          "seahorse",
          "bubble",
          "conch"
         ],
         [
          "shell",
          "kelp",
          "bubble",
          "conch",
          "bubble"
         ],
         [
          "kelp",
          "kelp",
          "bubble",
          "shell",
          "starfish"
         ],
         [
          "bubble",
          "bubble",
          "shell",
          "starfish",
          "coral"
         ],
         [
          "bubble",
          "coral",
          "starfish",
          "bubble",
          "shell"
         ]
        ],
        "values": [
         [
          0,
          0,
          0,
          0,
          0
         ],
         [
          0,
          0,
          0,
          0,
          0
         ],
         [
          0,
          0,
          0,
          0,
          0
         ],
         [
          0,
          0,
          0,
          0,
          0
         ],
         [
          0,
          0,
          0,
          0,
          0
         ],
         [
          0,
          0,
          0,
          0,
          0
         ]
        ],
        "wins": [
         {
          "symbol": "bubble",
          "count": 8,
          "positions": [
           [
            1,
            3
           ],
           [
            2,
            2
           ],
           [
            2,
            4
           ],
           [
            3,
            2
           ],
           [
            4,
            0
           ],
           [
            4,
            1
           ],
           [
            5,
            0
           ],
           [
            5,
            3
           ]
          ],
          "win": 0.3
         }
        ],
        "removed": [
         [
          1,
          3
         ],
         [
          2,
          2
         ],
         [
          2,
          4
         ],
         [
          3,
          2
         ],
         [
          4,
          0
         ],
         [
          4,
          1
         ],
         [
          5,
          0
         ],
         [
          5,
          3
         ]
        ],
        "dropped": [
         [
          1,
          0
         ],
         [
          2,
          0
         ],
         [
          2,
          1
         ],
         [
          3,
          0
         ],
         [
          4,
          0
         ],
         [
          4,
          1
         ],
         [
          5,
          0
         ],
         [
          5,
          1
         ]
        ],
        "after": [
         [
          "coral",
          "seahorse",
          "kelp",
          "shell",
          "coral"
         ],
         [
          "bubble",
          "starfish",
          "conch",
          "seahorse",
          "conch"
         ],
         [
          "pearl",
          "coral",
          "shell",
          "kelp",
          "conch"
         ],
         [
          "conch",
          "kelp",
          "kelp",
          "shell",
          "starfish"
         ],
         [
          "seahorse",
          "coral",
          "shell",
          "starfish",
          "coral"
         ],
         [
          "shell",
          "coral",
          "coral",
          "starfish",
          "shell"
         ]
        ],
        "afterValues": [
         [
          0,
          0,
          0,
          0,
          0
         ],
         [
          0,
          0,
          0,
          0,
          0
         ],
         [
          0,
          0,
          0,
          0,
          0
         ],
         [
          0,
          0,
          0,
          0,
          0
         ],
         [
          0,
          0,
          0,
          0,
          0
         ],
         [
          0,
          0,
          0,
          0,
          0
         ]
        ]
       }
      ],
      "clusterWin": 0.3,
      "multiplierSum": 0,
      "scatters": 0,
      "scatterWin": 0,
      "awarded": 0,
      "win": 0.3
     }
    ],
    "freeSpins": 0,
    "capped": false,
    "multiplier": 0.3
   }
  },
  {
   "name": "mines cashed out",
   "kind": "mines",
   "game": null,
   "serverSeed": "0a0a3725fb8ea7ed4c621afb9bb4ea2f31039659d79c6e91556410ff38f36a80",
   "clientSeed": "a1b2c3d4e5f60718",
   "nonce": 12,
   "bet": {
    "mines": 3
   },
   "stake": 100,
   "actions": [
    {
     "reveal": 0
    },
    {
     "reveal": 1
    },
    {
     "cashOut": true
    }
   ],
   "state": {
    "tiles": 25,
    "mines": [
     14,
     20,
     21
    ],
    "revealed": [
     0,
     1
    ],
    "phase": "cashed",
    "multiplier": 1.2857
   }
  },
  {
   "name": "mines lost",
   "kind": "mines",
   "game": null,
   "serverSeed": "c94f79bbe78d9b4cb2664ec29012f47396d807e7d350f81e843ffb75b75e9168",
   "clientSeed": "a1b2c3d4e5f60718",
   "nonce": 13,
   "bet": {
    "mines": 5
   },
   "stake": 100,
   "actions": [
    {
     "reveal": 24
    }
   ],
   "state": {
    "tiles": 25,
    "mines": [
     24,
     12,
     10,
     14,
     9
    ],
    "revealed": [
     24
    ],
    "phase": "lost",
    "multiplier": 0
   }
  },
  {
   "name": "high-low",
   "kind": "high_low",
   "game": null,
   "serverSeed": "0a0a3725fb8ea7ed4c621afb9bb4ea2f31039659d79c6e91556410ff38f36a80",
   "clientSeed": "a1b2c3d4e5f60718",
   "nonce": 14,
   "bet": {},
   "stake": 100,
   "actions": [
    {
     "guess": "higher"
    },
    {
     "skip": true
    },
    {
     "cashOut": true
    }
   ],
   "state": {
    "cards": [
     4,
     8,
     2,
     13,
     11,
     8,
     8,
     13,
     5,
     1,
     6,
     13,
     3,
     1,
     7,
     9,
     12,
     11,
     10,
     6,
     2,
     10,
     5,
     13,
     5,
     12,
     13,
     13,
     3,
     4,
     3,
     9,
     5,
     4,
     12,
     6,
     2,
     2,
     1,
     1,
     3,
     3,
     5,
     4,
     12,
     13,
     3,
     7,
     5,
     5,
     7,
     11
    ],
    "position": 2,
    "steps": [
     {
      "action": "higher",
      "card": 8,
      "correct": true
     },
     {
      "action": "skip",
      "card": 2,
      "correct": null
     }
    ],
    "correct": 1,
    "skips": 1,
    "phase": "cashed",
    "odds": 1.2999999999999998,
    "multiplier": 1.287
   }
  },
  {
   "name": "blackjack 15",
   "kind": "blackjack",
   "game": null,
   "serverSeed": "c94f79bbe78d9b4cb2664ec29012f47396d807e7d350f81e843ffb75b75e9168",
   "clientSeed": "a1b2c3d4e5f60718",
   "nonce": 15,
   "bet": {
    "stake": 100
   },
   "stake": 100,
   "actions": [
    "split",
    "stand",
    "stand"
   ],
   "state": {
    "rules": {
     "decks": 6,
     "dealerHitsSoft17": false,
     "blackjackPays": 1.5,
     "maxHands": 4,
     "doubleAfterSplit": true,
     "resplitAces": false,
     "maxStake": 1000000
    },
    "phase": "finished",
    "baseStake": 100,
    "shoe": [
     {
      "rank": 13,
      "suit": 0
     },
     {
      "rank": 13,
      "suit": 3
     },
     {
      "rank": 11,
      "suit": 2
     },
     {
      "rank": 7,
      "suit": 0
     },
     {
      "rank": 8,
      "suit": 3
     },
     {
      "rank": 8,
      "suit": 0
     },
     {
      "rank": 4,
      "suit": 0
     },
     {
      "rank": 12,
      "suit": 3
     },
     {
      "rank": 6,
      "suit": 1
     },
     {
      "rank": 9,
      "suit": 0
     },
     {
      "rank": 5,
      "suit": 2
     },
     {
      "rank": 8,
      "suit": 0
     },
     {
      "rank": 4,
      "suit": 0
     },
     {
      "rank": 5,
      "suit": 3
     },
     {
      "rank": 9,
      "suit": 2
     },
     {
      "rank": 9,
      "suit": 2
     },
     {
      "rank": 7,
      "suit": 1
     },
     {
      "rank": 3,
      "suit": 1
     },
     {
      "rank": 5,
      "suit": 2
     },
     {
      "rank": 4,
      "suit": 2
     },
     {
      "rank": 1,
      "suit": 1
     },
     {
      "rank": 11,
      "suit": 3
     },
     {
      "rank": 1,
      "suit": 2
     },
     {
      "rank": 10,
      "suit": 2
     },
     {
      "rank": 9,
      "suit": 2
     },
     {
      "rank": 13,
      "suit": 1
     },
     {
      "rank": 12,
      "suit": 2
     },
     {
      "rank": 8,
      "suit": 2
     },
     {
      "rank": 12,
      "suit": 2
     },
     {
      "rank": 10,
      "suit": 0
     },
     {
      "rank": 10,
      "suit": 0
     },
     {
      "rank": 8,
      "suit": 1
     },
     {
      "rank": 9,
      "suit": 0
     },
     {
      "rank": 7,
      "suit": 1
     },
     {
      "rank": 10,
      "suit": 3
     },
     {
      "rank": 6,
      "suit": 0
     },
     {
      "rank": 13,
      "suit": 2
     },
     {
      "rank": 6,
      "suit": 2
     },
     {
      "rank": 8,
      "suit": 3
     },
     {
      "rank": 7,
      "suit": 3
     },
     {
      "rank": 4,
      "suit": 3
     },
     {
      "rank": 4,
      "suit": 3
     },
     {
      "rank": 3,
      "suit": 0
     },
     {
      "rank": 5,
      "suit": 1
     },
     {
      "rank": 11,
      "suit": 3
     },
     {
      "rank": 8,
      "suit": 3
     },
     {
      "rank": 4,
      "suit": 3
     },
     {
      "rank": 4,
      "suit": 3
     },
     {
      "rank": 4,
      "suit": 2
     },
     {
      "rank": 12,
      "suit": 0
     },
     {
      "rank": 2,
      "suit": 0
     },
     {
      "rank": 1,
      "suit": 0
     },
     {
      "rank": 5,
      "suit": 0
     },
     {
      "rank": 3,
      "suit": 3
     },
     {
      "rank": 7,
      "suit": 3
     },
     {
      "rank": 1,
      "suit": 1
     },
     {
      "rank": 7,
      "suit": 2
     },
     {
      "rank": 9,
      "suit": 1
     },
     {
      "rank": 13,
      "suit": 3
     },
     {
      "rank": 7,
      "suit": 0
     },
     {
      "rank": 3,
      "suit": 3
     }
    ],
    "next": 6,
    "dealer": [
     {
      "rank": 13,
      "suit": 3
     },
     {
      "rank": 7,
      "suit": 0
     }
    ],
    "hands": [
     {
      "cards": [
       {
        "rank": 13,
        "suit": 0
       },
       {
        "rank": 8,
        "suit": 3
       }
      ],
      "stake": 100,
      "doubled": false,
      "fromSplit": true,
      "splitAces": false,
      "done": true,
      "result": "win",
      "payback": 200
     },
     {
      "cards": [
       {
        "rank": 11,
        "suit": 2
       },
       {
        "rank": 8,
        "suit": 0
       }
      ],
      "stake": 100,
      "doubled": false,
      "fromSplit": true,
      "splitAces": false,
      "done": true,
      "result": "win",
      "payback": 200
     }
    ],
    "active": -1,
    "insurance": null,
    "totalStake": 200,
    "totalPayback": 400,
    "multiplier": 2
   }
  },
  {
   "name": "blackjack 16",
   "kind": "blackjack",
   "game": null,
   "serverSeed": "0a0a3725fb8ea7ed4c621afb9bb4ea2f31039659d79c6e91556410ff38f36a80",
   "clientSeed": "a1b2c3d4e5f60718",
   "nonce": 16,
   "bet": {
    "stake": 100
   },
   "stake": 100,
   "actions": [
    "double"
   ],
   "state": {
    "rules": {
     "decks": 6,
     "dealerHitsSoft17": false,
     "blackjackPays": 1.5,
     "maxHands": 4,
     "doubleAfterSplit": true,
     "resplitAces": false,
     "maxStake": 1000000
    },
    "phase": "finished",
    "baseStake": 100,
    "shoe": [
     {
      "rank": 2,
      "suit": 1
     },
     {
      "rank": 12,
      "suit": 2
     },
     {
      "rank": 9,
      "suit": 1
     },
     {
      "rank": 4,
      "suit": 1
     },
     {
      "rank": 1,
      "suit": 0
     },
     {
      "rank": 6,
      "suit": 1
     },
     {
      "rank": 12,
      "suit": 3
     },
     {
      "rank": 8,
      "suit": 1
     },
     {
      "rank": 10,
      "suit": 3
     },
     {
      "rank": 13,
      "suit": 0
     },
     {
      "rank": 1,
      "suit": 0
     },
     {
      "rank": 5,
      "suit": 1
     },
     {
      "rank": 11,
      "suit": 3
     },
     {
      "rank": 9,
      "suit": 3
     },
     {
      "rank": 8,
      "suit": 1
     },
     {
      "rank": 11,
      "suit": 2
     },
     {
      "rank": 2,
      "suit": 1
     },
     {
      "rank": 6,
      "suit": 1
     },
     {
      "rank": 1,
      "suit": 2
     },
     {
      "rank": 4,
      "suit": 0
     },
     {
      "rank": 1,
      "suit": 2
     },
     {
      "rank": 12,
      "suit": 1
     },
     {
      "rank": 2,
      "suit": 2
     },
     {
      "rank": 12,
      "suit": 1
     },
     {
      "rank": 10,
      "suit": 0
     },
     {
      "rank": 1,
      "suit": 1
     },
     {
      "rank": 7,
      "suit": 1
     },
     {
      "rank": 1,
      "suit": 2
     },
     {
      "rank": 11,
      "suit": 0
     },
     {
      "rank": 3,
      "suit": 2
     },
     {
      "rank": 5,
      "suit": 1
     },
     {
      "rank": 12,
      "suit": 2
     },
     {
      "rank": 2,
      "suit": 0
     },
     {
      "rank": 2,
      "suit": 1
     },
     {
      "rank": 13,
      "suit": 2
     },
     {
      "rank": 13,
      "suit": 3
     },
     {
      "rank": 9,
      "suit": 1
     },
     {
      "rank": 1,
      "suit": 1
     },
     {
      "rank": 7,
      "suit": 2
     },
     {
      "rank": 5,
      "suit": 2
     },
     {
      "rank": 4,
      "suit": 3
     },
     {
      "rank": 2,
      "suit": 2
     },
     {
      "rank": 7,
      "suit": 1
     },
     {
      "rank": 13,
      "suit": 0
     },
     {
      "rank": 3,
      "suit": 3
     },
     {
      "rank": 7,
      "suit": 2
     },
     {
      "rank": 3,
      "suit": 2
     },
     {
      "rank": 10,
      "suit": 2
     },
     {
      "rank": 8,
      "suit": 3
     },
     {
      "rank": 2,
      "suit": 1
     },
     {
      "rank": 11,
      "suit": 3
     },
     {
      "rank": 2,
      "suit": 3
     },
     {
      "rank": 13,
      "suit": 2
     },
     {
      "rank": 4,
      "suit": 1
     },
     {
      "rank": 1,
      "suit": 2
     },
     {
      "rank": 11,
      "suit": 0
     },
     {
      "rank": 10,
      "suit": 2
     },
     {
      "rank": 10,
      "suit": 2
     },
     {
      "rank": 4,
      "suit": 2
     },
     {
      "rank": 10,
      "suit": 1
     },
     {
      "rank": 11,
      "suit": 1
     }
    ],
    "next": 6,
    "dealer": [
     {
      "rank": 12,
      "suit": 2
     },
     {
      "rank": 4,
      "suit": 1
     },
     {
      "rank": 6,
      "suit": 1
     }
    ],
    "hands": [
     {
      "cards": [
       {
        "rank": 2,
        "suit": 1
       },
       {
        "rank": 9,
        "suit": 1
       },
       {
        "rank": 1,
        "suit": 0
       }
      ],
      "stake": 200,
      "doubled": true,
      "fromSplit": false,
      "splitAces": false,
      "done": true,
      "result": "lose",
      "payback": 0
     }
    ],
    "active": -1,
    "insurance": null,
    "totalStake": 200,
    "totalPayback": 0,
    "multiplier": 0
   }
  },
  {
   "name": "blackjack 17",
   "kind": "blackjack",
   "game": null,
   "serverSeed": "c94f79bbe78d9b4cb2664ec29012f47396d807e7d350f81e843ffb75b75e9168",
   "clientSeed": "a1b2c3d4e5f60718",
   "nonce": 17,
   "bet": {
    "stake": 100
   },
   "stake": 100,
   "actions": [
    "double"
   ],
   "state": {
    "rules": {
     "decks": 6,
     "dealerHitsSoft17": false,
     "blackjackPays": 1.5,
     "maxHands": 4,
     "doubleAfterSplit": true,
     "resplitAces": false,
     "maxStake": 1000000
    },
    "phase": "finished",
    "baseStake": 100,
    "shoe": [
     {
      "rank": 3,
      "suit": 2
     },
     {
      "rank": 5,
      "suit": 0
     },
     {
      "rank": 2,
      "suit": 1
     },
     {
      "rank": 12,
      "suit": 2
     },
     {
      "rank": 3,
      "suit": 0
     },
     {
      "rank": 10,
      "suit": 1
     },
     {
      "rank": 7,
      "suit": 2
     },
     {
      "rank": 9,
      "suit": 2
     },
     {
      "rank": 7,
      "suit": 0
     },
     {
      "rank": 9,
      "suit": 3
     },
     {
      "rank": 1,
      "suit": 3
     },
     {
      "rank": 1,
      "suit": 1
     },
     {
      "rank": 8,
      "suit": 2
     },
     {
      "rank": 6,
      "suit": 1
     },
     {
      "rank": 11,
      "suit": 3
     },
     {
      "rank": 7,
      "suit": 0
     },
     {
      "rank": 1,
      "suit": 2
     },
     {
      "rank": 8,
      "suit": 1
     },
     {
      "rank": 11,
      "suit": 0
     },
     {
      "rank": 11,
      "suit": 0
     },
     {
      "rank": 12,
      "suit": 1
     },
     {
      "rank": 3,
      "suit": 2
     },
     {
      "rank": 3,
      "suit": 3
     },
     {
      "rank": 10,
      "suit": 0
     },
     {
      "rank": 6,
      "suit": 3
     },
     {
      "rank": 12,
      "suit": 0
     },
     {
      "rank": 12,
      "suit": 0
     },
     {
      "rank": 7,
      "suit": 0
     },
     {
      "rank": 6,
      "suit": 0
     },
     {
      "rank": 10,
      "suit": 0
     },
     {
      "rank": 2,
      "suit": 2
     },
     {
      "rank": 3,
      "suit": 3
     },
     {
      "rank": 10,
      "suit": 1
     },
     {
      "rank": 1,
      "suit": 3
     },
     {
      "rank": 7,
      "suit": 2
     },
     {
      "rank": 4,
      "suit": 3
     },
     {
      "rank": 8,
      "suit": 0
     },
     {
      "rank": 1,
      "suit": 1
     },
     {
      "rank": 5,
      "suit": 3
     },
     {
      "rank": 10,
      "suit": 0
     },
     {
      "rank": 10,
      "suit": 2
     },
     {
      "rank": 4,
      "suit": 3
     },
     {
      "rank": 9,
      "suit": 2
     },
     {
      "rank": 6,
      "suit": 3
     },
     {
      "rank": 6,
      "suit": 3
     },
     {
      "rank": 12,
      "suit": 3
     },
     {
      "rank": 9,
      "suit": 1
     },
     {
      "rank": 7,
      "suit": 2
     },
     {
      "rank": 2,
      "suit": 3
     },
     {
      "rank": 11,
      "suit": 3
     },
     {
      "rank": 2,
      "suit": 0
     },
     {
      "rank": 13,
      "suit": 0
     },
     {
      "rank": 5,
      "suit": 2
     },
     {
      "rank": 6,
      "suit": 3
     },
     {
      "rank": 9,
      "suit": 3
     },
     {
      "rank": 10,
      "suit": 1
     },
     {
      "rank": 11,
      "suit": 0
     },
     {
      "rank": 3,
      "suit": 1
     },
     {
      "rank": 5,
      "suit": 2
     },
     {
      "rank": 11,
      "suit": 2
     },
     {
      "rank": 12,
      "suit": 1
     }
    ],
    "next": 6,
    "dealer": [
     {
      "rank": 5,
      "suit": 0
     },
     {
      "rank": 12,
      "suit": 2
     },
     {
      "rank": 10,
      "suit": 1
     }
    ],
    "hands": [
     {
      "cards": [
       {
        "rank": 3,
        "suit": 2
       },
       {
        "rank": 2,
        "suit": 1
       },
       {
        "rank": 3,
        "suit": 0
       }
      ],
      "stake": 200,
      "doubled": true,
      "fromSplit": false,
      "splitAces": false,
      "done": true,
      "result": "win",
      "payback": 400
     }
    ],
    "active": -1,
    "insurance": null,
    "totalStake": 200,
    "totalPayback": 400,
    "multiplier": 2
   }
  },
  {
   "name": "blackjack 18",
   "kind": "blackjack",
   "game": null,
   "serverSeed": "0a0a3725fb8ea7ed4c621afb9bb4ea2f31039659d79c6e91556410ff38f36a80",
   "clientSeed": "a1b2c3d4e5f60718",
   "nonce": 18,
   "bet": {
    "stake": 100
   },
   "stake": 100,
   "actions": [
    "noInsurance"
   ],
   "state": {
    "rules": {
     "decks": 6,
     "dealerHitsSoft17": false,
     "blackjackPays": 1.5,
     "maxHands": 4,
     "doubleAfterSplit": true,
     "resplitAces": false,
     "maxStake": 1000000
    },
    "phase": "finished",
    "baseStake": 100,
    "shoe": [
     {
      "rank": 10,
      "suit": 0
     },
     {
      "rank": 1,
      "suit": 1
     },
     {
      "rank": 11,
      "suit": 1
     },
     {
      "rank": 10,
      "suit": 1
     },
     {
      "rank": 11,
      "suit": 2
     },
     {
      "rank": 7,
      "suit": 1
     },
     {
      "rank": 1,
      "suit": 1
     },
     {
      "rank": 13,
      "suit": 3
     },
     {
      "rank": 4,
      "suit": 2
     },
     {
      "rank": 11,
      "suit": 2
     },
     {
      "rank": 3,
      "suit": 3
     },
     {
      "rank": 1,
      "suit": 0
     },
     {
      "rank": 2,
      "suit": 1
     },
     {
      "rank": 2,
      "suit": 3
     },
     {
      "rank": 7,
      "suit": 1
     },
     {
      "rank": 1,
      "suit": 0
     },
     {
      "rank": 3,
      "suit": 0
     },
     {
      "rank": 13,
      "suit": 1
     },
     {
      "rank": 12,
      "suit": 1
     },
     {
      "rank": 5,
      "suit": 0
     },
     {
      "rank": 13,
      "suit": 2
     },
     {
      "rank": 6,
      "suit": 1
     },
     {
      "rank": 5,
      "suit": 3
     },
     {
      "rank": 2,
      "suit": 2
     },
     {
      "rank": 9,
      "suit": 1
     },
     {
      "rank": 7,
      "suit": 3
     },
     {
      "rank": 11,
      "suit": 2
     },
     {
      "rank": 5,
      "suit": 2
     },
     {
      "rank": 5,
      "suit": 3
     },
     {
      "rank": 13,
      "suit": 0
     },
     {
      "rank": 2,
      "suit": 0
     },
     {
      "rank": 3,
      "suit": 0
     },
     {
      "rank": 6,
      "suit": 2
     },
     {
      "rank": 12,
      "suit": 0
     },
     {
      "rank": 9,
      "suit": 3
     },
     {
      "rank": 7,
      "suit": 3
     },
     {
      "rank": 5,
      "suit": 2
     },
     {
      "rank": 11,
      "suit": 0
     },
     {
      "rank": 11,
      "suit": 1
     },
     {
      "rank": 6,
      "suit": 2
     },
     {
      "rank": 4,
      "suit": 0
     },
     {
      "rank": 4,
      "suit": 0
     },
     {
      "rank": 3,
      "suit": 3
     },
     {
      "rank": 4,
      "suit": 2
     },
     {
      "rank": 9,
      "suit": 0
     },
     {
      "rank": 5,
      "suit": 3
     },
     {
      "rank": 12,
      "suit": 1
     },
     {
      "rank": 2,
      "suit": 0
     },
     {
      "rank": 8,
      "suit": 3
     },
     {
      "rank": 4,
      "suit": 1
     },
     {
      "rank": 9,
      "suit": 3
     },
     {
      "rank": 9,
      "suit": 2
     },
     {
      "rank": 9,
      "suit": 1
     },
     {
      "rank": 12,
      "suit": 3
     },
     {
      "rank": 9,
      "suit": 0
     },
     {
      "rank": 12,
      "suit": 0
     },
     {
      "rank": 3,
      "suit": 3
     },
     {
      "rank": 5,
      "suit": 2
     },
     {
      "rank": 10,
      "suit": 1
     },
     {
      "rank": 4,
      "suit": 3
     },
     {
      "rank": 8,
      "suit": 1
     }
    ],
    "next": 4,
    "dealer": [
     {
      "rank": 1,
      "suit": 1
     },
     {
      "rank": 10,
      "suit": 1
     }
    ],
    "hands": [
     {
      "cards": [
       {
        "rank": 10,
        "suit": 0
       },
       {
        "rank": 11,
        "suit": 1
       }
      ],
      "stake": 100,
      "doubled": false,
      "fromSplit": false,
      "splitAces": false,
      "done": true,
      "result": "lose",
      "payback": 0
     }
    ],
    "active": -1,
    "insurance": null,
    "totalStake": 100,
    "totalPayback": 0,
    "multiplier": 0
   }
  },
  {
   "name": "video poker",
   "kind": "video_poker",
   "game": null,
   "serverSeed": "c94f79bbe78d9b4cb2664ec29012f47396d807e7d350f81e843ffb75b75e9168",
   "clientSeed": "a1b2c3d4e5f60718",
   "nonce": 19,
   "bet": {
    "stake": 100
   },
   "stake": 100,
   "actions": [
    19
   ],
   "state": {
    "phase": "finished",
    "stake": 100,
    "paytable": {
     "royalFlush": 800,
     "straightFlush": 50,
     "fourOfAKind": 25,
     "fullHouse": 9,
     "flush": 6,
     "straight": 4,
     "threeOfAKind": 3,
     "twoPair": 2,
     "jacksOrBetter": 1
    },
    "cards": [
     {
      "rank": 2,
      "suit": 0
     },
     {
      "rank": 4,
      "suit": 1
     },
     {
      "rank": 12,
      "suit": 0
     },
     {
      "rank": 1,
      "suit": 0
     },
     {
      "rank": 6,
      "suit": 1
     },
     {
      "rank": 12,
      "suit": 3
     },
     {
      "rank": 11,
      "suit": 1
     },
     {
      "rank": 4,
      "suit": 3
     },
     {
      "rank": 7,
      "suit": 0
     },
     {
      "rank": 11,
      "suit": 2
     }
    ],
    "held": 19,
    "final": [
     {
      "rank": 2,
      "suit": 0
     },
     {
      "rank": 4,
      "suit": 1
     },
     {
      "rank": 12,
      "suit": 3
     },
     {
      "rank": 11,
      "suit": 1
     },
     {
      "rank": 6,
      "suit": 1
     }
    ],
    "hand": "nothing",
    "payback": 0,
    "multiplier": 0
   }
  }
 ]
}
