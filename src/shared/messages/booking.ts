// English texts of the booking namespace: ids `booking.<key>` (src/shared/texts.ts).
export default {} as const;
