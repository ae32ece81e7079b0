/**
 * The market value's arithmetic, pure: least-squares fits of log(price) on a car's age (years
 * since its model year), mileage and condition (0 Excellent, 1 Good, 2 Fair), solved by the
 * normal equations, made robust by trimming the listings whose residual is past 3σ (σ from the
 * median absolute residual, so a $1 or a $10,000,000 listing neither bends the line nor hides
 * itself by widening σ), then fitted again.
 *
 * Two kinds of fit: a model's own (intercept and three slopes), and a make's, whose three slopes
 * are fitted within each of its models (every model keeps its own level, its offset) for the
 * models with too few listings for a fit of their own.
 *
 * Each listing has a weight in the least squares, the medians and σ (market-trust.ts: a seller's
 * many cars share a few cars' weight, a new account's weigh little), and counts its `trust`
 * towards a fit's minimum listings, so that a few new accounts' cars neither move a line nor
 * make one.
 */

/** A listing as the fits read it. */
export interface FitPoint {
  age: number;
  mileage: number;
  /** 0 Excellent, 1 Good, 2 Fair. */
  condition: number;
  price: number;
  /** Its weight in the fit (default 1). */
  weight?: number;
  /** What it counts towards a fit's minimum listings (default 1; less for a new account's). */
  trust?: number;
  /** Its seller (whose cars in a fit share a few cars' weight: market-trust.ts). */
  seller?: string;
}

/** log(price) = intercept + age × a + mileage × m + condition × c. */
export interface Line {
  intercept: number;
  age: number;
  /** Per mile. */
  mileage: number;
  condition: number;
}

export interface LineFit extends Line {
  /** Listings the line was fitted on, after trimming. */
  n: number;
  /** Listings trimmed as outliers. */
  trimmed: number;
  /** Robust spread of log price around the line (1.4826 × median absolute residual). */
  sigma: number;
}

export interface MakeFit {
  /** The slopes, fitted within models. */
  age: number;
  mileage: number;
  condition: number;
  n: number;
  trimmed: number;
  sigma: number;
  /** Each model's level (the intercept of its line) and its listings behind it. */
  offsets: Map<string, { intercept: number; n: number }>;
}

/** Mileage enters the equations in units of 10,000 miles, so the matrix is well scaled. */
const MILES = 10_000;
/** Residuals further than this many σ are trimmed. */
export const TRIM_SIGMAS = 3;

/** The value a line gives a car (dollars, not rounded). */
export function lineValue(line: Line, car: Omit<FitPoint, 'price'>): number {
  return Math.exp(
    line.intercept +
      line.age * car.age +
      line.mileage * car.mileage +
      line.condition * car.condition,
  );
}

/**
 * Solves `a x = b` by Gaussian elimination with partial pivoting; null when `a` is singular
 * (a pivot smaller than 1e-9 of its column's scale: a variable that does not vary, or two that
 * vary together).
 */
export function solve(a: number[][], b: number[]): number[] | null {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i]!]);
  const scale = a.map((_, j) => Math.max(...a.map((row) => Math.abs(row[j]!)), 1e-300));
  for (let col = 0; col < n; col++) {
    let best = col;
    for (let r = col + 1; r < n; r++) {
      if (Math.abs(m[r]![col]!) > Math.abs(m[best]![col]!)) best = r;
    }
    if (!(Math.abs(m[best]![col]!) > 1e-9 * scale[col]!)) return null;
    [m[col], m[best]] = [m[best]!, m[col]!];
    const pivot = m[col]!;
    for (let r = col + 1; r < n; r++) {
      const row = m[r]!;
      const f = row[col]! / pivot[col]!;
      if (f === 0) continue;
      for (let c = col; c <= n; c++) row[c]! -= f * pivot[c]!;
    }
  }
  const x = new Array<number>(n).fill(0);
  for (let r = n - 1; r >= 0; r--) {
    let sum = m[r]![n]!;
    for (let c = r + 1; c < n; c++) sum -= m[r]![c]! * x[c]!;
    x[r] = sum / m[r]![r]!;
  }
  return x.every(Number.isFinite) ? x : null;
}

/**
 * Weighted least squares of y on the columns of x (no intercept added; rows of weight 0 left
 * out): the coefficients, or null. A column that does not vary (every car in Good condition;
 * every car of the same age) is left out, its coefficient 0: the others, or the intercept column
 * `intercept`, carry its part.
 */
function leastSquares(
  allX: number[][],
  allY: number[],
  allW: number[],
  intercept = -1,
): number[] | null {
  const rows = allW.flatMap((w, i) => (w > 0 ? [i] : []));
  const x = rows.map((i) => allX[i]!);
  const y = rows.map((i) => allY[i]!);
  const w = rows.map((i) => allW[i]!);
  const width = allX[0]?.length ?? 0;
  const varies = Array.from({ length: width }, (_, j) => {
    if (j === intercept) return true;
    const first = x[0]![j]!;
    const constant = x.every((row) => Math.abs(row[j]! - first) <= 1e-12 * (1 + Math.abs(first)));
    // A constant column is the intercept's part when there is one, else nothing (all zero).
    return !(constant && (intercept >= 0 || Math.abs(first) <= 1e-12));
  });
  const columns = varies.flatMap((v, j) => (v ? [j] : []));
  const p = columns.length;
  if (x.length < p || p === 0) return null;
  const xtx = Array.from({ length: p }, () => new Array<number>(p).fill(0));
  const xty = new Array<number>(p).fill(0);
  for (let i = 0; i < x.length; i++) {
    const row = x[i]!;
    for (let j = 0; j < p; j++) {
      const a = row[columns[j]!]! * w[i]!;
      xty[j]! += a * y[i]!;
      for (let k = j; k < p; k++) xtx[j]![k]! += a * row[columns[k]!]!;
    }
  }
  for (let j = 0; j < p; j++) for (let k = 0; k < j; k++) xtx[j]![k] = xtx[k]![j]!;
  const solved = solve(xtx, xty);
  if (!solved) return null;
  const beta = new Array<number>(width).fill(0);
  columns.forEach((j, i) => (beta[j] = solved[i]!));
  return beta;
}

/**
 * The weighted median: the value where half the weight lies on either side (between two values
 * when exactly half is below: their mean, so equal weights give the plain median). Without any
 * weight, the plain median.
 */
export function weightedMedian(values: readonly number[], weights?: readonly number[]): number {
  const w = (i: number) => (weights ? weights[i]! : 1);
  const total = values.reduce((sum, _, i) => sum + w(i), 0);
  if (!(total > 0)) return values.length && weights ? weightedMedian(values) : NaN;
  const order = values
    .map((_, i) => i)
    .filter((i) => w(i) > 0)
    .sort((a, b) => values[a]! - values[b]!);
  const half = total / 2;
  let below = 0;
  for (let k = 0; k < order.length; k++) {
    below += w(order[k]!);
    if (Math.abs(below - half) <= 1e-9 * total && k + 1 < order.length) {
      return (values[order[k]!]! + values[order[k + 1]!]!) / 2;
    }
    if (below > half) return values[order[k]!]!;
  }
  return values[order[order.length - 1]!]!;
}

/** 1.4826 × the weighted median absolute value: σ of normal residuals, unmoved by wild ones. */
const robustSigma = (residuals: number[], weights?: number[]): number =>
  residuals.length ? 1.4826 * weightedMedian(residuals.map(Math.abs), weights) : 0;

const weightsOf = (points: readonly FitPoint[]) => points.map((p) => p.weight ?? 1);
const trustOf = (points: readonly FitPoint[]) => points.reduce((sum, p) => sum + (p.trust ?? 1), 0);

/**
 * Fits, trims the residuals past TRIM_SIGMAS σ and fits the rest again (twice at most): the
 * coefficients, which rows were kept, and σ of the kept residuals.
 */
function robustFit(
  x: number[][],
  y: number[],
  w: number[],
  minRows: number,
): { beta: number[]; kept: boolean[]; sigma: number } | null {
  let kept = y.map(() => true);
  let beta = leastSquares(x, y, w, 0);
  if (!beta) return null;
  const keptOnly = (values: number[], keep: boolean[]) => values.filter((_, i) => keep[i]);
  for (let pass = 0; pass < 2; pass++) {
    const residuals = y.map((v, i) => v - dot(beta!, x[i]!));
    const sigma = robustSigma(keptOnly(residuals, kept), keptOnly(w, kept));
    const limit = Math.max(TRIM_SIGMAS * sigma, 1e-9);
    const next = residuals.map((r) => Math.abs(r) <= limit);
    if (next.every((k, i) => k === kept[i])) break;
    const rows = next.flatMap((k, i) => (k ? [i] : []));
    if (rows.length < minRows) break;
    const refit = leastSquares(
      rows.map((i) => x[i]!),
      rows.map((i) => y[i]!),
      rows.map((i) => w[i]!),
      0,
    );
    if (!refit) break;
    beta = refit;
    kept = next;
  }
  const residuals = y.flatMap((v, i) => (kept[i] ? [v - dot(beta!, x[i]!)] : []));
  return { beta, kept, sigma: robustSigma(residuals, keptOnly(w, kept)) };
}

const dot = (a: number[], b: number[]) => a.reduce((sum, v, i) => sum + v * b[i]!, 0);

/**
 * A model's own line through its listings; null when they count (their trust) fewer than
 * `minRows`, or degenerate data.
 */
export function fitLine(points: readonly FitPoint[], minRows = 20): LineFit | null {
  const usable = points.filter((p) => p.price > 0);
  if (usable.length < 5 || trustOf(usable) < minRows) return null;
  const x = usable.map((p) => [1, p.age, p.mileage / MILES, p.condition]);
  const y = usable.map((p) => Math.log(p.price));
  const fit = robustFit(x, y, weightsOf(usable), 5);
  if (!fit) return null;
  const [intercept, age, mileage, condition] = fit.beta as [number, number, number, number];
  const n = fit.kept.filter(Boolean).length;
  return {
    intercept,
    age,
    mileage: mileage / MILES,
    condition,
    n,
    trimmed: usable.length - n,
    sigma: fit.sigma,
  };
}

/**
 * A make's slopes, fitted within its models (each listing minus its model's weighted mean), and
 * each model's intercept from its listings; null when its listings in models of two or more count
 * (their trust) fewer than `minRows`, or degenerate data.
 */
export function fitMake(
  models: ReadonlyMap<string, readonly FitPoint[]>,
  minRows = 20,
): MakeFit | null {
  const groups = [...models.entries()].map(([model, points]) => ({
    model,
    points: points.filter((p) => p.price > 0),
  }));
  const within = groups.filter((g) => g.points.length >= 2);
  const listings = within.flatMap((g) => g.points);
  if (listings.length < 5 || trustOf(listings) < minRows) return null;

  // Rows of every model of two or more, each with its model's index, centred on the means of
  // the rows kept so far (all of them at first).
  const rows = within.flatMap((g, gi) =>
    g.points.map((p) => ({
      gi,
      x: [p.age, p.mileage / MILES, p.condition],
      y: Math.log(p.price),
      w: p.weight ?? 1,
    })),
  );
  const w = rows.map((r) => r.w);
  let kept = rows.map(() => true);
  let beta: number[] | null = null;
  for (let pass = 0; pass < 3; pass++) {
    const means = within.map(() => ({ x: [0, 0, 0], y: 0, n: 0 }));
    rows.forEach((r, i) => {
      if (!kept[i] || !(r.w > 0)) return;
      const m = means[r.gi]!;
      m.n += r.w;
      m.y += r.y * r.w;
      r.x.forEach((v, j) => (m.x[j]! += v * r.w));
    });
    for (const m of means) {
      if (m.n === 0) continue;
      m.y /= m.n;
      m.x = m.x.map((v) => v / m.n);
    }
    const centred = rows.map((r) => ({
      x: r.x.map((v, j) => v - means[r.gi]!.x[j]!),
      y: r.y - means[r.gi]!.y,
    }));
    const keptRows = centred.filter((_, i) => kept[i]);
    const solved = leastSquares(
      keptRows.map((r) => r.x),
      keptRows.map((r) => r.y),
      w.filter((_, i) => kept[i]),
    );
    if (!solved) return pass === 0 ? null : finishMake(groups, beta!, rows, kept);
    beta = solved;
    if (pass === 2) break;
    const residuals = centred.map((r) => r.y - dot(beta!, r.x));
    const sigma = robustSigma(
      residuals.filter((_, i) => kept[i]),
      w.filter((_, i) => kept[i]),
    );
    const limit = Math.max(TRIM_SIGMAS * sigma, 1e-9);
    const next = residuals.map((r) => Math.abs(r) <= limit);
    if (next.every((k, i) => k === kept[i]) || next.filter(Boolean).length < 5) break;
    kept = next;
  }
  return finishMake(groups, beta!, rows, kept);
}

function finishMake(
  groups: { model: string; points: FitPoint[] }[],
  beta: number[],
  rows: { gi: number; x: number[]; y: number; w: number }[],
  kept: boolean[],
): MakeFit {
  const [age, mileage, condition] = beta as [number, number, number];
  const slope = (p: FitPoint) =>
    age * p.age + mileage * (p.mileage / MILES) + condition * p.condition;
  const offsets = new Map<string, { intercept: number; n: number }>();
  // A model's level: the weighted median of its listings' log prices less the slopes' part, so
  // that one mistyped price among a rare model's few listings does not move it, nor do new
  // accounts' many.
  for (const g of groups) {
    if (g.points.length === 0) continue;
    const levels = g.points.map((p) => Math.log(p.price) - slope(p));
    const intercept = weightedMedian(levels, weightsOf(g.points));
    offsets.set(g.model, { intercept, n: g.points.length });
  }
  // Rows' `gi` index the models of two or more listings, in order.
  const levels = groups
    .filter((g) => g.points.length >= 2)
    .map((g) => offsets.get(g.model)!.intercept);
  const residuals = rows.flatMap((r, i) => (kept[i] ? [r.y - dot(beta, r.x) - levels[r.gi]!] : []));
  const n = kept.filter(Boolean).length;
  const weights = rows.flatMap((r, i) => (kept[i] ? [r.w] : []));
  return {
    age,
    mileage: mileage / MILES,
    condition,
    n,
    trimmed: rows.length - n,
    sigma: robustSigma(residuals, weights),
    offsets,
  };
}
