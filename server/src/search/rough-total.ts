/** A total past the candidates, as the planner estimates it, to two significant figures. */
export function roughTotal(estimate: number, atLeast: number): number {
  const n = Math.max(Math.round(estimate), atLeast);
  const unit = 10 ** Math.max(0, String(n).length - 2);
  return Math.round(n / unit) * unit;
}
