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
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.rf4j.RandomFeatures;
import org.rf4j.api.Matrix;
import org.rf4j.learn.GaussianProcess;

/**
 * rf4j's side of scripts/gp_compare.sh: GaussianProcess on trigonometric features over seeded 70/30
 * splits of a CSV (header, last column the target); writes each split's training rows to
 * $GP_SPLITS/splitS.txt for the scikit-learn side and prints coverage, RMSE, NLPD, LML and scale.
 * Usage: java -cp MODULE_JARS scripts/gp/GpCompare.java DATA.csv M SPLITS
 */
public class GpCompare {
    public static void main(String[] args) throws Exception {
        List<String> lines = Files.readAllLines(Path.of(args[0]));
        int m = Integer.parseInt(args[1]);
        int splits = Integer.parseInt(args[2]);
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
        System.out.println("split,coverage,rmse,nlpd,lml,lengthscale");
        for (int s = 0; s < splits; s++) {
            List<Integer> order = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                order.add(i);
            }
            Collections.shuffle(order, new Random(s));
            int nt = (int) Math.round(0.7 * n);
            Files.writeString(Path.of(System.getenv("GP_SPLITS"), "split" + s + ".txt"),
                    Arrays.toString(order.subList(0, nt).toArray()));
            double[][] xTrain = new double[nt][];
            double[] yTrain = new double[nt];
            double[][] xTest = new double[n - nt][];
            double[] yTest = new double[n - nt];
            for (int i = 0; i < n; i++) {
                int r = order.get(i);
                if (i < nt) {
                    xTrain[i] = x[r];
                    yTrain[i] = y[r];
                } else {
                    xTest[i - nt] = x[r];
                    yTest[i - nt] = y[r];
                }
            }
            GaussianProcess gp = GaussianProcess.fit(RandomFeatures.gaussian(1.0).features("trigonometric").m(m).seed(7),
                    Matrix.of(xTrain), yTrain, GaussianProcess.Options.defaults());
            GaussianProcess.Prediction p = gp.predict(Matrix.of(xTest));
            double[] sd = p.std();
            double covered = 0;
            double squares = 0;
            double nlpd = 0;
            for (int i = 0; i < yTest.length; i++) {
                double r = yTest[i] - p.mean()[i];
                covered += Math.abs(r) <= 1.959964 * sd[i] ? 1 : 0;
                squares += r * r;
                nlpd += 0.5 * Math.log(2 * Math.PI * p.predictiveVariance()[i]) + 0.5 * r * r / p.predictiveVariance()[i];
            }
            int k = yTest.length;
            System.out.println(s + "," + covered / k + "," + Math.sqrt(squares / k) + "," + nlpd / k + ","
                    + gp.logMarginalLikelihood() + "," + gp.lengthScale());
        }
    }
}
