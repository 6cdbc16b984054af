import { describe, expect, it } from "vitest";
import { staticPart } from "~/ui/static-part";

// A static part's props are compared as JSON and its server HTML depends on nothing else, so
// `staticPart` accepts only components whose props are plain data. The `@ts-expect-error` lines
// are the test: `npx tsc` (part of `npm test`) fails if any of them compiles.

interface Address {
  street: string;
  postcode: string | null;
}

interface PlainProps {
  title: string;
  count: number;
  shown: boolean;
  nothing: null;
  note?: string;
  tags: readonly string[];
  address: Address;
  rows: Address[];
}

class Money {
  constructor(readonly pence: number) {}
  format() {
    return `£${(this.pence / 100).toFixed(2)}`;
  }
}

const part = <P>(_props: P) => null;
const load =
  <P>(component: (props: P) => null) =>
  () =>
    Promise.resolve(component);

describe("a static part's props", () => {
  it("may be plain data, interfaces included", () => {
    const Plain = part<PlainProps>;
    expect(staticPart("plain", Plain, load(Plain))).toBeTypeOf("function");
  });

  it("may not be functions, dates, maps or class instances", () => {
    const WithFunction = part<{ onChoose: () => void }>;
    const WithDate = part<{ since: Date }>;
    const WithMap = part<{ prices: Map<string, number> }>;
    const WithInstance = part<{ total: Money }>;
    const WithNestedFunction = part<{ rows: { label: string; format: (value: number) => string }[] }>;
    // @ts-expect-error a function is not data
    staticPart("with-function", WithFunction, load(WithFunction));
    // @ts-expect-error a Date is a string once it has been through JSON
    staticPart("with-date", WithDate, load(WithDate));
    // @ts-expect-error a Map is `{}` once it has been through JSON
    staticPart("with-map", WithMap, load(WithMap));
    // @ts-expect-error a class instance loses its methods through JSON
    staticPart("with-instance", WithInstance, load(WithInstance));
    // @ts-expect-error however deep it is
    staticPart("with-nested-function", WithNestedFunction, load(WithNestedFunction));
  });
});
