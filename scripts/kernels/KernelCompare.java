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
import org.rf4j.RandomFeatureMap;
import org.rf4j.RandomFeatures;
import org.rf4j.api.Matrix;
import org.rf4j.api.kernel.Kernel;
import org.rf4j.features.kernelmaps.AdditiveChi2Features;
import org.rf4j.features.kernelmaps.RandomMaclaurinFeatures;
import org.rf4j.features.kernelmaps.RowFeatures;
import org.rf4j.features.kernelmaps.SkewedChi2Features;
import org.rf4j.features.kernelmaps.TensorSketchFeatures;

/**
 * rf4j's side of scripts/kernel_compare.sh. Three parts, on the folds kernel_sklearn.py wrote and with
 * its preprocessing:
 * <ul>
 *   <li>{@code histogram}: the chi2, skewed-chi2 and polynomial maps;</li>
 *   <li>{@code shift-invariant}: Matérn (ν = 3/2), exponential (Matérn-½) and Laplacian kernels at the
 *       bandwidth the script passes (ℓ, γ: fixed, so both libraries approximate the same kernel), through
 *       the trigonometric map (iid; orthogonal and simplex for the isotropic kernels; M/2 projections, a cos
 *       and a sin each) and the {@code nystroem} map (M landmarks), plus the Gaussian trigonometric map at
 *       σ = ℓ as the speed reference;</li>
 *   <li>{@code gram}: the Gram-approximation MSE of the trigonometric maps on the first fold's rows,
 *       for m = 32, 64, 128, 256 projections over R seeds: iid, and the orthogonal/iid and simplex/iid
 *       ratios with their standard errors.</li>
 * </ul>
 * Each map is followed by the ridge scikit-learn's RidgeClassifier(alpha=1) (targets ±1 per class) or
 * Ridge(alpha=1) fits: centred features and targets, (FᵀF + I)W = FᵀY. Prints, per map: name, features,
 * mean accuracy (or R²), its standard error over the folds, and the one-thread transform speed of the
 * whole table (rows per second of the thread's CPU time, best of 5 timed runs of at least 0.2 s each,
 * after a warm-up of 1 s).
 * Usage: java -cp MODULE_JARS scripts/kernels/KernelCompare.java PART DATA.csv FOLDS M TASK [ELL GAMMA [R]]
 * (PART: histogram, shift-invariant or gram; TASK: classify or regress).
 */
public class KernelCompare {
    /** Transforms a whole table into a preallocated output. */
    interface Mapper {
        void map(Matrix x, Matrix out);

        int width();
    }

    public static void main(String[] args) throws Exception {
        String part = args[0];
        List<String> lines = Files.readAllLines(Path.of(args[1]));
        int m = Integer.parseInt(args[3]);
        boolean classify = args[4].equals("classify");
        int n = lines.size() - 1;
        int d = lines.get(0).split(",").length - 1;
        double[][] x = new double[n][d];
        double[] y = new double[n];
        for (int i = 0; i < n; i++) {
            String[] f = lines.get(i + 1).split(",");
            for (int j = 0; j < d; j++) {
                x[i][j] = Double.parseDouble(f[j]);
            }
            y[i] = Double.parseDouble(f[d]);
        }
        List<int[]> folds = new ArrayList<>();
        for (String line : Files.readAllLines(Path.of(args[2]))) {
            if (!line.isBlank()) {
                folds.add(java.util.Arrays.stream(line.trim().split(" ")).mapToInt(Integer::parseInt).toArray());
            }
        }
        Data data = new Data(x, y, folds, classify);
        switch (part) {
            case "histogram" -> histogram(data, d, m);
            case "shift-invariant" -> shiftInvariant(data, m, Double.parseDouble(args[5]), Double.parseDouble(args[6]));
            case "gram" -> gram(data, Double.parseDouble(args[5]), Double.parseDouble(args[6]),
                    args.length > 7 ? Integer.parseInt(args[7]) : 20);
            default -> throw new IllegalArgumentException("PART must be histogram, shift-invariant or gram: " + part);
        }
    }

    record Data(double[][] x, double[] y, List<int[]> folds, boolean classify) {
    }

    static void histogram(Data data, int d, int m) {
        double meanSquaredNorm = d; // standardised columns
        run("chi2 (AdditiveChi2Features, 2 steps)", data, true, f -> rows(new AdditiveChi2Features(d, 2)));
        run("skewed-chi2 (SkewedChi2Features, c = 1)", data, true, f -> rows(new SkewedChi2Features(d, m, 1.0, f)));
        run("polynomial (TensorSketchFeatures, p = 2)", data, false,
                f -> rows(new TensorSketchFeatures(d, m, 1.0 / d, 1.0, 2, f)));
        run("polynomial (RandomMaclaurinFeatures, p = 2)", data, false,
                f -> rows(RandomMaclaurinFeatures.forSquaredNorm(d, m, 1.0 / d, 1.0, 2, meanSquaredNorm, f)));
    }

    static Mapper rows(RowFeatures map) {
        return new Mapper() {
            @Override
            public void map(Matrix x, Matrix out) {
                map.map(org.rf4j.api.mechanism.Side.QUERY, x, out);
            }

            @Override
            public int width() {
                return map.outputDimension();
            }
        };
    }

    /** The kernels of the shift-invariant part: name, kernel JSON, and whether it is isotropic. */
    static String[][] kernels(double ell, double gamma) {
        return new String[][] {
            {"matern-1.5", "{\"id\": \"matern\", \"nu\": 1.5, \"lengthscale\": " + ell + "}", "true"},
            {"exponential (matern-0.5)", "{\"id\": \"exponential\", \"lengthscale\": " + ell + "}", "true"},
            {"laplacian", "{\"id\": \"laplacian\", \"gamma\": " + gamma + "}", "false"}};
    }

    static String config(String kernel, String coupling, String features, int m, int seed) {
        return "{\"kernel\": " + kernel + ", \"estimator\": {\"id\": \"random-features\", \"coupling\": {\"id\": \""
                + coupling + "\"}, \"features\": {\"id\": \"" + features + "\"}, \"m\": " + m + "}, \"seed\": " + seed
                // like the peer, keep rows far from every Nyström landmark (K^(x, x) near 0) instead of refusing them
                + ", \"allowDegenerateRows\": true}";
    }

    /** A front-door map fitted on the training rows (landmarks for Nyström), on the calling thread. */
    static java.util.function.BiFunction<Integer, double[][], Mapper> frontDoor(String kernel, String coupling,
            String features, int m) {
        return (seed, train) -> {
            RandomFeatureMap map = RandomFeatures.fromConfig(config(kernel, coupling, features, m, seed)).threads(1)
                    .fit(Matrix.of(train));
            return new Mapper() {
                @Override
                public void map(Matrix x, Matrix out) {
                    map.transform(x, out);
                }

                @Override
                public int width() {
                    return map.outputDimension();
                }
            };
        };
    }

    static void shiftInvariant(Data data, int m, double ell, double gamma) {
        for (String[] k : kernels(ell, gamma)) {
            List<String> couplings = k[2].equals("true") ? List.of("iid", "orthogonal", "simplex") : List.of("iid");
            for (String c : couplings) {
                runFitted(k[0] + " (" + c + "/trigonometric)", data, frontDoor(k[1], c, "trigonometric", m / 2));
            }
            runFitted(k[0] + " (nystroem, " + m + " landmarks)", data, frontDoor(k[1], "iid", "nystroem", m));
        }
        runFitted("gaussian, sigma = ell (iid/trigonometric; speed reference)", data,
                frontDoor("{\"id\": \"gaussian\", \"sigma\": " + ell + "}", "iid", "trigonometric", m / 2));
    }

    /**
     * The Gram-approximation MSE over the pairs i &lt; j of the first fold's rows, for each kernel and
     * coupling, m = 32 … 256 projections, R seeds: iid's MSE ± SE and each other coupling's ratio to it ± SE
     * (delta method, independent seeds).
     */
    static void gram(Data data, double ell, double gamma, int seeds) {
        int[] rowsIdx = data.folds().get(0);
        double[][] sample = new double[rowsIdx.length][];
        for (int i = 0; i < rowsIdx.length; i++) {
            sample[i] = data.x()[rowsIdx[i]];
        }
        double[][] xs = standardised(sample, sample)[0];
        Matrix xm = Matrix.of(xs);
        int n = xs.length;
        System.out.println("kernel,m (projections),iid MSE,iid SE,orthogonal/iid,SE,simplex/iid,SE (" + n + " rows, "
                + seeds + " seeds)");
        for (String[] k : kernels(ell, gamma)) {
            Kernel kernel = RandomFeatures.fromConfig(config(k[1], "iid", "trigonometric", 8, 0)).fit(xs[0].length).kernel();
            double[] exact = new double[n * (n - 1) / 2];
            int p = 0;
            for (int i = 0; i < n; i++) {
                for (int j = i + 1; j < n; j++) {
                    exact[p++] = kernel.value(xs[i], xs[j]);
                }
            }
            List<String> couplings = k[2].equals("true") ? List.of("iid", "orthogonal", "simplex") : List.of("iid");
            for (int mm : new int[] {32, 64, 128, 256}) {
                double[][] mse = new double[couplings.size()][2];
                for (int c = 0; c < couplings.size(); c++) {
                    double[] v = new double[seeds];
                    for (int s = 0; s < seeds; s++) {
                        RandomFeatureMap map = RandomFeatures.fromConfig(config(k[1], couplings.get(c), "trigonometric", mm,
                                1000 * c + s)).threads(1).fit(xs[0].length);
                        v[s] = gramMse(map.transform(xm), exact);
                    }
                    mse[c] = meanAndSe(v);
                }
                StringBuilder sb = new StringBuilder(String.format(java.util.Locale.ROOT, "%s,%d,%.4e,%.1e", k[0], mm,
                        mse[0][0], mse[0][1]));
                for (int c = 1; c < 3; c++) {
                    if (c < couplings.size()) {
                        double r = mse[c][0] / mse[0][0];
                        double se = r * Math.hypot(mse[c][1] / mse[c][0], mse[0][1] / mse[0][0]);
                        sb.append(String.format(java.util.Locale.ROOT, ",%.3f,%.3f", r, se));
                    } else {
                        sb.append(",—,—");
                    }
                }
                System.out.println(sb);
            }
            if (couplings.size() == 1) {
                System.out.println(k[0] + ": iid only (not isotropic: the orthogonal and simplex couplings are refused)");
            }
        }
    }

    static double gramMse(Matrix phi, double[] exact) {
        int n = phi.rows();
        int w = phi.cols();
        double[] f = phi.data();
        double sum = 0;
        int p = 0;
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) {
                double dot = 0;
                for (int t = 0; t < w; t++) {
                    dot += f[i * w + t] * f[j * w + t];
                }
                double e = dot - exact[p++];
                sum += e * e;
            }
        }
        return sum / p;
    }

    /** {mean, standard error of the mean}. */
    static double[] meanAndSe(double[] v) {
        double mean = java.util.Arrays.stream(v).average().orElse(0);
        double ss = 0;
        for (double a : v) {
            ss += (a - mean) * (a - mean);
        }
        return new double[] {mean, Math.sqrt(ss / (v.length - 1) / v.length)};
    }

    static void run(String name, Data data, boolean maxScale, IntFunction<Mapper> draw) {
        evaluate(name, data, maxScale, (f, train) -> draw.apply(f));
    }

    static void runFitted(String name, Data data, java.util.function.BiFunction<Integer, double[][], Mapper> draw) {
        evaluate(name, data, false, draw);
    }

    static void evaluate(String name, Data data, boolean maxScale,
            java.util.function.BiFunction<Integer, double[][], Mapper> draw) {
        double[][] x = data.x();
        List<int[]> folds = data.folds();
        double[] score = new double[folds.size()];
        int width = 0;
        for (int f = 0; f < folds.size(); f++) {
            TreeSet<Integer> test = new TreeSet<>();
            for (int i : folds.get(f)) {
                test.add(i);
            }
            List<double[]> trainRows = new ArrayList<>();
            List<Double> trainY = new ArrayList<>();
            for (int i = 0; i < x.length; i++) {
                if (!test.contains(i)) {
                    trainRows.add(x[i]);
                    trainY.add(data.y()[i]);
                }
            }
            double[][] tr = trainRows.toArray(new double[0][]);
            double[][] te = new double[test.size()][];
            double[] yte = new double[test.size()];
            int k = 0;
            for (int i : test) {
                te[k] = x[i];
                yte[k++] = data.y()[i];
            }
            double[][][] prepared = maxScale ? maxScaled(tr, te) : standardised(tr, te);
            Mapper map = draw.apply(f, prepared[0]);
            Matrix ftr = transform(map, Matrix.of(prepared[0]));
            width = ftr.cols();
            double[] ytr = trainY.stream().mapToDouble(Double::doubleValue).toArray();
            Ridge ridge = Ridge.fit(ftr, ytr, data.classify(), 1.0);
            Matrix fte = transform(map, Matrix.of(prepared[1]));
            score[f] = data.classify() ? ridge.accuracy(fte, yte) : ridge.r2(fte, yte);
        }
        double[] ms = meanAndSe(score);
        double[][] all = (maxScale ? maxScaled(x, x) : standardised(x, x))[0];
        System.out.printf("%s,%d,%.4f,%.4f,%.0f%n", name, width, ms[0], ms[1], speed(draw.apply(0, all), Matrix.of(all)));
    }

    static Matrix transform(Mapper map, Matrix x) {
        Matrix out = Matrix.zeros(x.rows(), map.width());
        map.map(x, out);
        return out;
    }

    static double speed(Mapper map, Matrix x) {
        Matrix out = Matrix.zeros(x.rows(), map.width());
        long warm = System.nanoTime();
        while (System.nanoTime() - warm < 1_000_000_000L) {
            map.map(x, out);
        }
        java.lang.management.ThreadMXBean cpu = java.lang.management.ManagementFactory.getThreadMXBean();
        double best = Double.POSITIVE_INFINITY;
        for (int r = 0; r < 5; r++) {
            int reps = 0;
            long t0 = cpu.getCurrentThreadCpuTime();
            double t;
            do {
                map.map(x, out);
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

    /**
     * scikit-learn's RidgeClassifier (±1 targets per class) or Ridge (the target itself): intercept by
     * centring, (FᵀF + αI)W = FᵀY.
     */
    record Ridge(double[] classes, double[] mean, double[][] w, double[] intercept) {
        static Ridge fit(Matrix f, double[] y, boolean classify, double alpha) {
            double[] classes = classify ? java.util.Arrays.stream(y).distinct().sorted().toArray() : new double[1];
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
                    t[i][k] = classify ? (y[i] == classes[k] ? 1 : -1) : y[i];
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

        double score(Matrix f, int i, int k) {
            double s = intercept[k];
            for (int j = 0; j < f.cols(); j++) {
                s += f.get(i, j) * w[j][k];
            }
            return s;
        }

        /** The share of rows whose highest-scoring class is their label. */
        double accuracy(Matrix f, double[] y) {
            int right = 0;
            for (int i = 0; i < f.rows(); i++) {
                int best = 0;
                for (int k = 1; k < classes.length; k++) {
                    best = score(f, i, k) > score(f, i, best) ? k : best;
                }
                right += classes[best] == y[i] ? 1 : 0;
            }
            return (double) right / f.rows();
        }

        /** The coefficient of determination of the predictions (scikit-learn's r2_score). */
        double r2(Matrix f, double[] y) {
            double mean = java.util.Arrays.stream(y).average().orElse(0);
            double res = 0;
            double tot = 0;
            for (int i = 0; i < f.rows(); i++) {
                double e = score(f, i, 0) - y[i];
                res += e * e;
                tot += (y[i] - mean) * (y[i] - mean);
            }
            return 1 - res / tot;
        }
    }
}
