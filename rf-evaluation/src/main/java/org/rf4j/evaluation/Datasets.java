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
package org.rf4j.evaluation;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.random.RandomGenerator;
import org.rf4j.api.Checks;
import org.rf4j.api.InvalidParameterException;
import org.rf4j.api.Matrix;
import org.rf4j.api.RfException;
import org.rf4j.api.random.Seeds;
import org.apiguardian.api.API;

/**
 * The embedded default data: the bundled Iris data set (public UCI data) and documented synthetic
 * generators. Every generator is a pure function of its arguments and seed.
 */
@API(status = API.Status.INTERNAL, since = "0.1")
public final class Datasets {
    /** The bundled resource holding Iris ({@code f0..f3,label}; 150 rows, 3 classes). */
    public static final String IRIS_RESOURCE = "data/iris.csv";

    private Datasets() {
    }

    /**
     * Fisher's Iris data (UCI Machine Learning Repository; 150 rows, 4 features, 3 classes), bundled
     * as a resource of this module.
     */
    public static LabeledData iris() {
        try (InputStream in = Datasets.class.getResourceAsStream(IRIS_RESOURCE)) {
            if (in == null) {
                throw new RfException("the bundled resource " + IRIS_RESOURCE + " is missing from module org.rf4j.evaluation");
            }
            return parseBundledCsv("iris", in);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the bundled resource " + IRIS_RESOURCE, e);
        }
    }

    /** The bundled resource holding the Wisconsin diagnostic breast cancer data ({@code f0..f29,label}). */
    public static final String BREAST_CANCER_RESOURCE = "data/breast_cancer.csv";

    /**
     * The Wisconsin diagnostic breast cancer data (UCI Machine Learning Repository; 569 rows, 30
     * features on very different scales, 2 classes), bundled as a resource of this module: large
     * enough that a 20% test split (114 rows) separates mechanisms that Iris's 30 test rows cannot.
     */
    public static LabeledData breastCancer() {
        try (InputStream in = Datasets.class.getResourceAsStream(BREAST_CANCER_RESOURCE)) {
            if (in == null) {
                throw new RfException("the bundled resource " + BREAST_CANCER_RESOURCE
                        + " is missing from module org.rf4j.evaluation");
            }
            return parseBundledCsv("breast_cancer", in);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the bundled resource " + BREAST_CANCER_RESOURCE, e);
        }
    }

    /** Parses a bundled CSV of the fixed form {@code f0,...,f(p-1),label} with a header row. */
    private static LabeledData parseBundledCsv(String name, InputStream in) throws IOException {
        BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
        String header = r.readLine();
        int cols = header.split(",").length;
        List<double[]> rows = new ArrayList<>();
        List<Integer> labels = new ArrayList<>();
        String line;
        int lineNo = 1;
        while ((line = r.readLine()) != null) {
            lineNo++;
            if (line.isBlank()) {
                continue;
            }
            String[] f = line.split(",");
            if (f.length != cols) {
                throw new RfException("bundled " + name + " line " + lineNo + " has " + f.length + " fields, not " + cols);
            }
            double[] v = new double[cols - 1];
            for (int j = 0; j < cols - 1; j++) {
                v[j] = Double.parseDouble(f[j].trim());
            }
            rows.add(v);
            labels.add(Integer.parseInt(f[cols - 1].trim()));
        }
        return LabeledData.of(name, Matrix.of(rows.toArray(double[][]::new)),
                labels.stream().mapToInt(Integer::intValue).toArray());
    }

    /**
     * The SimRF Sec. 5.2 Gram protocol data: {@code n} points in {@code d} dimensions with
     * i.i.d. entries {@code N(0, std²)} (the paper: n = 64, d = 64, std = 0.1).
     */
    public static Matrix gaussianCloud(int n, int d, double std, long seed) {
        Checks.positive("n", n);
        Checks.positive("d", d);
        Checks.positive("std", std);
        RandomGenerator rng = Seeds.generator(Seeds.derive(seed, "gaussian-cloud"));
        double[] a = new double[n * d];
        for (int i = 0; i < a.length; i++) {
            a[i] = std * rng.nextGaussian();
        }
        return Matrix.wrap(n, d, a);
    }

    /**
     * Synthetic classification data: {@code classes} Gaussian blobs in {@code d} dimensions. Class
     * centres are i.i.d. {@code N(0, separation²·I)}, points are centre + {@code N(0, I)} noise,
     * labels are assigned round-robin so classes are balanced.
     */
    public static LabeledData gaussianBlobs(int n, int d, int classes, double separation, long seed) {
        Checks.positive("n", n);
        Checks.positive("d", d);
        if (classes < 2) {
            throw new InvalidParameterException("classes", classes, "an integer >= 2");
        }
        Checks.positive("separation", separation);
        RandomGenerator rng = Seeds.generator(Seeds.derive(seed, "blobs"));
        double[][] centres = new double[classes][d];
        for (double[] c : centres) {
            for (int j = 0; j < d; j++) {
                c[j] = separation * rng.nextGaussian();
            }
        }
        double[] a = new double[n * d];
        int[] labels = new int[n];
        for (int i = 0; i < n; i++) {
            int c = i % classes;
            labels[i] = c;
            for (int j = 0; j < d; j++) {
                a[i * d + j] = centres[c][j] + rng.nextGaussian();
            }
        }
        return new LabeledData("blobs", Matrix.wrap(n, d, a), labels, classes);
    }
}
