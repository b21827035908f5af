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

import java.util.Random;
import org.rf4j.RandomFeatures;
import org.rf4j.api.Matrix;
import org.rf4j.learn.GaussianProcess;

/**
 * Convergence of the feature-space GP to the exact GP as M grows. Fixed hyperparameters on both
 * sides (Gaussian kernel σ = 1, s² = 1, τ² = 0.09, raw columns and targets), n = 200 training rows
 * and 100 test rows of y = sin(2a) + 0.5·b + 0.3·N(0, 1), (a, b) ~ N(0, I); the exact GP by
 * Cholesky of s²K + τ²I in n-space. For each M and coupling (trigonometric features, iid or
 * orthogonal projections), over SEEDS draws: the RMS error of the predictive mean and the RMS
 * relative error of the predictive variance at the test rows, mean ± standard error over the draws.
 * Usage: java -cp "$(ls app/target/modules/*.jar | tr '\n' :)" scripts/gp/GpConvergence.java [SEEDS] [M,M,...]
 */
public class GpConvergence {
    static final double SIGMA = 1.0;
    static final double S2 = 1.0;
    static final double T2 = 0.09;

    public static void main(String[] args) {
        int seeds = args.length > 0 ? Integer.parseInt(args[0]) : 5;
        String[] ms = (args.length > 1 ? args[1] : "16,32,64,128,256").split(",");
        Random r = new Random(3);
        int n = 200;
        int k = 100;
        double[][] x = new double[n][];
        double[] y = new double[n];
        double[][] t = new double[k][];
        for (int i = 0; i < n + k; i++) {
            double[] p = {r.nextGaussian(), r.nextGaussian()};
            if (i < n) {
                x[i] = p;
                y[i] = Math.sin(2 * p[0]) + 0.5 * p[1] + 0.3 * r.nextGaussian();
            } else {
                t[i - n] = p;
            }
        }
        double[][] exact = exact(x, y, t);
        GaussianProcess.Options fixed = new GaussianProcess.Options(S2, T2, SIGMA, false, false);
        System.out.println("coupling,M,meanRmsError,meanRmsErrorSE,varianceRelError,varianceRelErrorSE");
        for (String coupling : new String[] {"iid", "orthogonal"}) {
            for (String mText : ms) {
                int m = Integer.parseInt(mText.strip());
                double[] em = new double[seeds];
                double[] ev = new double[seeds];
                for (int s = 0; s < seeds; s++) {
                    GaussianProcess gp = GaussianProcess.fit(RandomFeatures.gaussian(SIGMA).coupling(coupling)
                            .features("trigonometric").m(m).seed(100 + s), Matrix.of(x), y, fixed);
                    GaussianProcess.Prediction p = gp.predict(Matrix.of(t));
                    double sm = 0;
                    double sv = 0;
                    for (int i = 0; i < k; i++) {
                        double dm = p.mean()[i] - exact[0][i];
                        double dv = (p.predictiveVariance()[i] - exact[1][i]) / exact[1][i];
                        sm += dm * dm;
                        sv += dv * dv;
                    }
                    em[s] = Math.sqrt(sm / k);
                    ev[s] = Math.sqrt(sv / k);
                }
                System.out.printf(java.util.Locale.ROOT, "%s,%d,%.4f,%.4f,%.4f,%.4f%n", coupling, m, mean(em), se(em),
                        mean(ev), se(ev));
            }
        }
    }

    /** The exact GP's predictive mean and variance at t: Cholesky of s²K + τ²I. */
    static double[][] exact(double[][] x, double[] y, double[][] t) {
        int n = x.length;
        double[][] l = new double[n][n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j <= i; j++) {
                l[i][j] = S2 * kernel(x[i], x[j]) + (i == j ? T2 : 0);
            }
        }
        for (int j = 0; j < n; j++) {
            double d = l[j][j];
            for (int q = 0; q < j; q++) {
                d -= l[j][q] * l[j][q];
            }
            l[j][j] = Math.sqrt(d);
            for (int i = j + 1; i < n; i++) {
                double v = l[i][j];
                for (int q = 0; q < j; q++) {
                    v -= l[i][q] * l[j][q];
                }
                l[i][j] = v / l[j][j];
            }
        }
        double[] alpha = backward(l, forward(l, y));
        double[][] out = new double[2][t.length];
        for (int c = 0; c < t.length; c++) {
            double[] ks = new double[n];
            for (int i = 0; i < n; i++) {
                ks[i] = S2 * kernel(t[c], x[i]);
            }
            double mean = 0;
            for (int i = 0; i < n; i++) {
                mean += ks[i] * alpha[i];
            }
            double[] v = forward(l, ks);
            double q = 0;
            for (double e : v) {
                q += e * e;
            }
            out[0][c] = mean;
            out[1][c] = S2 - q + T2;
        }
        return out;
    }

    static double kernel(double[] a, double[] b) {
        double d = 0;
        for (int i = 0; i < a.length; i++) {
            d += (a[i] - b[i]) * (a[i] - b[i]);
        }
        return Math.exp(-d / (2 * SIGMA * SIGMA));
    }

    static double[] forward(double[][] l, double[] b) {
        double[] z = new double[b.length];
        for (int i = 0; i < b.length; i++) {
            double v = b[i];
            for (int q = 0; q < i; q++) {
                v -= l[i][q] * z[q];
            }
            z[i] = v / l[i][i];
        }
        return z;
    }

    static double[] backward(double[][] l, double[] z) {
        int n = z.length;
        double[] x = new double[n];
        for (int i = n - 1; i >= 0; i--) {
            double v = z[i];
            for (int q = i + 1; q < n; q++) {
                v -= l[q][i] * x[q];
            }
            x[i] = v / l[i][i];
        }
        return x;
    }

    static double mean(double[] v) {
        double s = 0;
        for (double e : v) {
            s += e;
        }
        return s / v.length;
    }

    static double se(double[] v) {
        double m = mean(v);
        double s = 0;
        for (double e : v) {
            s += (e - m) * (e - m);
        }
        return Math.sqrt(s / (v.length - 1) / v.length);
    }
}
