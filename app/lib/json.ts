/**
 * `T` checked to be JSON all the way down: each function, `Date`, `Map` or class instance with methods in it becomes `never`, so `T` no longer fits its own
 * `JsonData<T>`. Unlike an index-signature type such as `{ [key: string]: JsonValue }` it accepts interfaces (TypeScript gives them no implicit index
 * signature). An optional property may be left out (`undefined`), as JSON leaves it out.
 */
export type JsonData<T> = T extends string | number | boolean | null | undefined
  ? T
  : T extends (...args: never[]) => unknown
    ? never
    : T extends readonly (infer Item)[]
      ? readonly JsonData<Item>[]
      : T extends object
        ? { [Key in keyof T]: JsonData<T[Key]> }
        : never;

/** Whether a component's props `P` are JSON: `P extends JsonProps<P>`. */
export type JsonProps<P> = { [Key in keyof P]: JsonData<P[Key]> };
