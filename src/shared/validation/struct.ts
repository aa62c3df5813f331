// The server half of "one validation module": the API contract wraps a field's superstruct type
// with the same rule list the form uses, so a request the form would refuse is refused with the
// same messageId. The failure's refinement is the messageId, which server/api/errors.ts reports
// as the field's code in invalid_parameters and mapServerErrors reads back on the client.
import { Struct, type Context, type Failure } from 'superstruct'
import { validateField, type FieldRules } from './rules'

function parentOf(context: Context): Readonly<Record<string, unknown>> {
  const parent = context.branch[context.branch.length - 2]
  return typeof parent === 'object' && parent !== null ? (parent as Record<string, unknown>) : {}
}

/**
 * `struct` with SPEC §5 rules on top: validated(string(), FIELD_RULES.email). Rules that compare
 * fields (sameAs) see the object the field sits in. Not superstruct's refine(), which would
 * replace the messageId with the refinement's name.
 */
export function validated<T, S>(struct: Struct<T, S>, rules: FieldRules): Struct<T, S> {
  return new Struct<T, S>({
    ...struct,
    *refiner(value: T, context: Context): Iterable<Failure> {
      yield* struct.refiner(value, context)
      const error = validateField(value, rules, { values: parentOf(context) })
      if (error) {
        yield {
          value,
          type: struct.type,
          refinement: error.messageId,
          key: context.path[context.path.length - 1],
          path: context.path,
          branch: context.branch,
          message: `Expected a value passing the ${error.rule} rule (${error.messageId})`,
        }
      }
    },
  })
}
