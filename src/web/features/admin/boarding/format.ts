export const people = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
