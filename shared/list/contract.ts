// The client-safe part of the paged list contract: the filter operators of BasicFiltersSerialized.
export const listOperators = [
  "eq",
  "neq",
  "contains",
  "startsWith",
  "gt",
  "gte",
  "lt",
  "lte",
  "in",
  "between",
  "isNull",
  "isNotNull",
] as const;
export type ListOperator = (typeof listOperators)[number];
