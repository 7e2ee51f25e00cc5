/** 20000 → '20,000'. */
export const formatCount = (n: number) => n.toLocaleString('en-US');

/** '1 row', '3 rows'. */
export const plural = (n: number, one: string, many = `${one}s`) => `${formatCount(n)} ${n === 1 ? one : many}`;
