import { EmbeddedSignIn, EmbeddedSignUp } from '../../ui/auth/EmbeddedForms'

/** SPEC §2.1 /forms/sign_in: stand-alone, in the empty layout, embeddable in a frame. */
export function SignInFormPage() {
  return <EmbeddedSignIn />
}

/** SPEC §2.1 /forms/sign_up: stand-alone, in the empty layout, embeddable in a frame. */
export function SignUpFormPage() {
  return <EmbeddedSignUp />
}
