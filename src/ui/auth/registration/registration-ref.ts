import type { ActorRefFrom } from 'xstate'
import type { registrationMachine } from '../../../machines/auth/registration/registration.machine'

/** The running registration flow the form and its parts draw and send to. */
export type RegistrationRef = ActorRefFrom<typeof registrationMachine>
