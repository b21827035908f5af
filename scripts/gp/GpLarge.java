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

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.SplittableRandom;
import org.rf4j.RandomFeatures;
import org.rf4j.api.Matrix;
import org.rf4j.learn.GaussianProcess;

/**
 * rf4j's side of the large-n run of scripts/gp_compare.sh: a synthetic regression set (d = 5,
 * x uniform on [-2, 2]^5, f(x) = sin(2x1) + x2·x3/2 + cos(x4) + x5/4, Gaussian noise of sd 0.3,
 * seeded), n training rows and 2,000 test rows, written to DIR/train.csv and DIR/test.csv for the
 * scikit-learn side; then GaussianProcess on M trigonometric features of the Gaussian kernel with
 * the length scale, s² and τ² by marginal likelihood. Prints n, M, the fit's wall time, the
 * passes it made, test RMSE, NLPD and 95% coverage.
 * Usage: java -cp MODULE_JARS scripts/gp/GpLarge.java DIR N M
 */
public class GpLarge {
    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[0]);
        int n = Integer.parseInt(args[1]);
        int m = Integer.parseInt(args[2]);
        int nt = 2000;
        double[][] x = new double[n + nt][5];
        double[] y = new double[n + nt];
        SplittableRandom rnd = new SplittableRandom(2026);
        for (int i = 0; i < n + nt; i++) {
            for (int j = 0; j < 5; j++) {
                x[i][j] = -2 + 4 * rnd.nextDouble();
            }
            double u = rnd.nextDouble();
            double v = rnd.nextDouble();
            double noise = Math.sqrt(-2 * Math.log1p(-u)) * Math.cos(2 * Math.PI * v);
            y[i] = Math.sin(2 * x[i][0]) + x[i][1] * x[i][2] / 2 + Math.cos(x[i][3]) + x[i][4] / 4 + 0.3 * noise;
        }
        for (String name : new String[] {"train", "test"}) {
            try (PrintWriter w = new PrintWriter(dir.resolve(name + ".csv").toFile())) {
                w.println("x1,x2,x3,x4,x5,y");
                int from = name.equals("train") ? 0 : n;
                int to = name.equals("train") ? n : n + nt;
                for (int i = from; i < to; i++) {
                    StringBuilder b = new StringBuilder();
                    for (double v : x[i]) {
                        b.append(v).append(',');
                    }
                    w.println(b.append(y[i]));
                }
            }
        }
        double[][] xTrain = java.util.Arrays.copyOfRange(x, 0, n);
        double[] yTrain = java.util.Arrays.copyOfRange(y, 0, n);
        long t0 = System.nanoTime();
        java.time.Duration c0 = ProcessHandle.current().info().totalCpuDuration().orElse(java.time.Duration.ZERO);
        GaussianProcess gp = GaussianProcess.fit(RandomFeatures.gaussian(1.0).features("trigonometric").m(m).seed(7),
                Matrix.of(xTrain), yTrain, GaussianProcess.Options.defaults());
        double seconds = (System.nanoTime() - t0) / 1e9;
        double cpu = (ProcessHandle.current().info().totalCpuDuration().orElse(java.time.Duration.ZERO).toMillis()
                - c0.toMillis()) / 1e3;
        GaussianProcess.Prediction p = gp.predict(Matrix.of(java.util.Arrays.copyOfRange(x, n, n + nt)));
        double covered = 0;
        double squares = 0;
        double nlpd = 0;
        for (int i = 0; i < nt; i++) {
            double r = y[n + i] - p.mean()[i];
            double var = p.predictiveVariance()[i];
            covered += Math.abs(r) <= 1.959964 * Math.sqrt(var) ? 1 : 0;
            squares += r * r;
            nlpd += 0.5 * Math.log(2 * Math.PI * var) + 0.5 * r * r / var;
        }
        System.out.println("side,n,m,fit_seconds,cpu_seconds,passes,rmse,nlpd,coverage,lengthscale");
        System.out.printf("rf4j,%d,%d,%.1f,%.1f,%d,%.4f,%.4f,%.4f,%.4f%n", n, m, seconds, cpu, gp.path().size() + 1,
                Math.sqrt(squares / nt), nlpd / nt, covered / nt, gp.lengthScale());
    }
}
