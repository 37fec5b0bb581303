// English texts of the payment namespace: ids `payment.<key>` (src/shared/texts.ts).
export default {} as const;
