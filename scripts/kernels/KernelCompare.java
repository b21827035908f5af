/*
 * Copyright 2026 The rf4j developers
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *     https://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.function.IntFunction;
import org.rf4j.api.Matrix;
import org.rf4j.features.kernelmaps.AdditiveChi2Features;
import org.rf4j.features.kernelmaps.RandomMaclaurinFeatures;
import org.rf4j.features.kernelmaps.RowFeatures;
import org.rf4j.features.kernelmaps.SkewedChi2Features;
import org.rf4j.features.kernelmaps.TensorSketchFeatures;

/**
 * rf4j's side of scripts/kernel_compare.sh: the chi2, skewed-chi2 and polynomial maps, each followed by
 * the ridge classifier scikit-learn's RidgeClassifier(alpha=1) fits (targets ±1 per class, centred
 * features and targets, argmax of the scores), on the folds kernel_sklearn.py wrote, with its
 * preprocessing. Prints, per map: name, features, mean accuracy, its standard error over the folds,
 * and the one-thread transform speed of the whole table (rows per second of the thread's CPU time,
 * best of 5 timed runs of at least 0.2 s each, after a warm-up of 1 s).
 * Usage: java -cp MODULE_JARS scripts/kernels/KernelCompare.java DATA.csv FOLDS M
 */
public class KernelCompare {
    public static void main(String[] args) throws Exception {
        List<String> lines = Files.readAllLines(Path.of(args[0]));
        int m = Integer.parseInt(args[2]);
        int n = lines.size() - 1;
        int d = lines.get(0).split(",").length - 1;
        double[][] x = new double[n][d];
        int[] y = new int[n];
        for (int i = 0; i < n; i++) {
            String[] f = lines.get(i + 1).split(",");
            for (int j = 0; j < d; j++) {
                x[i][j] = Double.parseDouble(f[j]);
            }
            y[i] = (int) Double.parseDouble(f[d]);
        }
        List<int[]> folds = new ArrayList<>();
        for (String line : Files.readAllLines(Path.of(args[1]))) {
            if (!line.isBlank()) {
                folds.add(java.util.Arrays.stream(line.trim().split(" ")).mapToInt(Integer::parseInt).toArray());
            }
        }
        double meanSquaredNorm = d; // standardised columns
        run("chi2 (AdditiveChi2Features, 2 steps)", x, y, folds, true, f -> new AdditiveChi2Features(d, 2));
        run("skewed-chi2 (SkewedChi2Features, c = 1)", x, y, folds, true, f -> new SkewedChi2Features(d, m, 1.0, f));
        run("polynomial (TensorSketchFeatures, p = 2)", x, y, folds, false,
                f -> new TensorSketchFeatures(d, m, 1.0 / d, 1.0, 2, f));
        run("polynomial (RandomMaclaurinFeatures, p = 2)", x, y, folds, false,
                f -> RandomMaclaurinFeatures.forSquaredNorm(d, m, 1.0 / d, 1.0, 2, meanSquaredNorm, f));
    }

    static void run(String name, double[][] x, int[] y, List<int[]> folds, boolean maxScale,
            IntFunction<RowFeatures> draw) {
        double[] acc = new double[folds.size()];
        int width = 0;
        for (int f = 0; f < folds.size(); f++) {
            TreeSet<Integer> test = new TreeSet<>();
            for (int i : folds.get(f)) {
                test.add(i);
            }
            List<double[]> trainRows = new ArrayList<>();
            List<Integer> trainY = new ArrayList<>();
            for (int i = 0; i < x.length; i++) {
                if (!test.contains(i)) {
                    trainRows.add(x[i]);
                    trainY.add(y[i]);
                }
            }
            double[][] tr = trainRows.toArray(new double[0][]);
            double[][] te = new double[test.size()][];
            int[] yte = new int[test.size()];
            int k = 0;
            for (int i : test) {
                te[k] = x[i];
                yte[k++] = y[i];
            }
            double[][][] prepared = maxScale ? maxScaled(tr, te) : standardised(tr, te);
            RowFeatures map = draw.apply(f);
            Matrix ftr = map.transform(Matrix.of(prepared[0]));
            width = ftr.cols();
            Ridge ridge = Ridge.fit(ftr, trainY.stream().mapToInt(Integer::intValue).toArray(), 1.0);
            int[] pred = ridge.predict(map.transform(Matrix.of(prepared[1])));
            int right = 0;
            for (int i = 0; i < pred.length; i++) {
                right += pred[i] == yte[i] ? 1 : 0;
            }
            acc[f] = (double) right / pred.length;
        }
        double mean = java.util.Arrays.stream(acc).average().orElse(0);
        double ss = 0;
        for (double a : acc) {
            ss += (a - mean) * (a - mean);
        }
        double se = Math.sqrt(ss / (acc.length - 1) / acc.length);
        Matrix all = Matrix.of((maxScale ? maxScaled(x, x) : standardised(x, x))[0]);
        System.out.printf("%s,%d,%.4f,%.4f,%.0f%n", name, width, mean, se, speed(draw.apply(0), all));
    }

    static double speed(RowFeatures map, Matrix x) {
        Matrix out = Matrix.zeros(x.rows(), map.outputDimension());
        long warm = System.nanoTime();
        while (System.nanoTime() - warm < 1_000_000_000L) {
            map.map(org.rf4j.api.mechanism.Side.QUERY, x, out);
        }
        java.lang.management.ThreadMXBean cpu = java.lang.management.ManagementFactory.getThreadMXBean();
        double best = Double.POSITIVE_INFINITY;
        for (int r = 0; r < 5; r++) {
            int reps = 0;
            long t0 = cpu.getCurrentThreadCpuTime();
            double t;
            do {
                map.map(org.rf4j.api.mechanism.Side.QUERY, x, out);
                reps++;
                t = (cpu.getCurrentThreadCpuTime() - t0) * 1e-9;
            } while (t < 0.2);
            best = Math.min(best, t / reps);
        }
        return x.rows() / best;
    }

    static double[][][] maxScaled(double[][] tr, double[][] te) {
        int d = tr[0].length;
        double[] top = new double[d];
        for (double[] r : tr) {
            for (int j = 0; j < d; j++) {
                top[j] = Math.max(top[j], r[j]);
            }
        }
        for (int j = 0; j < d; j++) {
            top[j] = top[j] == 0 ? 1.0 : top[j];
        }
        return new double[][][] {divided(tr, top), divided(te, top)};
    }

    static double[][][] standardised(double[][] tr, double[][] te) {
        int d = tr[0].length;
        double[] mu = new double[d];
        double[] sd = new double[d];
        for (double[] r : tr) {
            for (int j = 0; j < d; j++) {
                mu[j] += r[j] / tr.length;
            }
        }
        for (double[] r : tr) {
            for (int j = 0; j < d; j++) {
                sd[j] += (r[j] - mu[j]) * (r[j] - mu[j]) / tr.length;
            }
        }
        for (int j = 0; j < d; j++) {
            sd[j] = sd[j] == 0 ? 1.0 : Math.sqrt(sd[j]);
        }
        return new double[][][] {center(tr, mu, sd), center(te, mu, sd)};
    }

    static double[][] center(double[][] rows, double[] mu, double[] sd) {
        double[][] out = new double[rows.length][mu.length];
        for (int i = 0; i < rows.length; i++) {
            for (int j = 0; j < mu.length; j++) {
                out[i][j] = (rows[i][j] - mu[j]) / sd[j];
            }
        }
        return out;
    }

    /** Each column divided by its scale, clipped at 0 from below. */
    static double[][] divided(double[][] rows, double[] scale) {
        double[][] out = new double[rows.length][scale.length];
        for (int i = 0; i < rows.length; i++) {
            for (int j = 0; j < scale.length; j++) {
                out[i][j] = Math.max(0.0, rows[i][j] / scale[j]);
            }
        }
        return out;
    }

    /** scikit-learn's RidgeClassifier: ±1 targets per class, intercept by centring, (FᵀF + αI)W = FᵀY. */
    record Ridge(int[] classes, double[] mean, double[][] w, double[] intercept) {
        static Ridge fit(Matrix f, int[] y, double alpha) {
            int[] classes = java.util.Arrays.stream(y).distinct().sorted().toArray();
            int n = f.rows();
            int m = f.cols();
            int c = classes.length;
            double[] mean = new double[m];
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < m; j++) {
                    mean[j] += f.get(i, j) / n;
                }
            }
            double[][] t = new double[n][c];
            double[] tMean = new double[c];
            for (int i = 0; i < n; i++) {
                for (int k = 0; k < c; k++) {
                    t[i][k] = y[i] == classes[k] ? 1 : -1;
                    tMean[k] += t[i][k] / n;
                }
            }
            double[][] a = new double[m][m];
            double[][] b = new double[m][c];
            double[] row = new double[m];
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < m; j++) {
                    row[j] = f.get(i, j) - mean[j];
                }
                for (int p = 0; p < m; p++) {
                    double rp = row[p];
                    double[] ap = a[p];
                    for (int q = 0; q <= p; q++) {
                        ap[q] += rp * row[q];
                    }
                    for (int k = 0; k < c; k++) {
                        b[p][k] += rp * (t[i][k] - tMean[k]);
                    }
                }
            }
            for (int p = 0; p < m; p++) {
                a[p][p] += alpha;
            }
            // Cholesky A = LLᵀ in the lower triangle, then the two triangular solves per class
            for (int p = 0; p < m; p++) {
                for (int q = 0; q <= p; q++) {
                    double s = a[p][q];
                    for (int r = 0; r < q; r++) {
                        s -= a[p][r] * a[q][r];
                    }
                    a[p][q] = p == q ? Math.sqrt(s) : s / a[q][q];
                }
            }
            double[][] w = new double[m][c];
            for (int k = 0; k < c; k++) {
                double[] z = new double[m];
                for (int p = 0; p < m; p++) {
                    double s = b[p][k];
                    for (int r = 0; r < p; r++) {
                        s -= a[p][r] * z[r];
                    }
                    z[p] = s / a[p][p];
                }
                for (int p = m - 1; p >= 0; p--) {
                    double s = z[p];
                    for (int r = p + 1; r < m; r++) {
                        s -= a[r][p] * w[r][k];
                    }
                    w[p][k] = s / a[p][p];
                }
            }
            double[] intercept = new double[c];
            for (int k = 0; k < c; k++) {
                intercept[k] = tMean[k];
                for (int j = 0; j < m; j++) {
                    intercept[k] -= mean[j] * w[j][k];
                }
            }
            return new Ridge(classes, mean, w, intercept);
        }

        int[] predict(Matrix f) {
            int[] out = new int[f.rows()];
            for (int i = 0; i < f.rows(); i++) {
                int best = 0;
                double bestScore = Double.NEGATIVE_INFINITY;
                for (int k = 0; k < classes.length; k++) {
                    double s = intercept[k];
                    for (int j = 0; j < f.cols(); j++) {
                        s += f.get(i, j) * w[j][k];
                    }
                    if (s > bestScore) {
                        bestScore = s;
                        best = k;
                    }
                }
                out[i] = classes[best];
            }
            return out;
        }
    }
}
