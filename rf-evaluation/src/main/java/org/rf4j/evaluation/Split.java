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

import java.util.random.RandomGenerator;
import org.rf4j.api.InvalidParameterException;
import org.rf4j.api.random.Seeds;
import org.apiguardian.api.API;

/**
 * A seeded train / validation / test split of a labelled data set, with the features standardised
 * (zero mean, unit variance per column) using the training part's statistics only.
 *
 * @param train      training objects (the kernel regression's support)
 * @param validation validation objects (used to tune the bandwidth, SimRF App. B.1)
 * @param test       test objects (accuracy is reported here)
 */
@API(status = API.Status.INTERNAL, since = "0.1")
public record Split(LabeledData train, LabeledData validation, LabeledData test) {

    /**
     * Shuffles the rows with a generator derived from {@code seed} and splits them by the given
     * fractions (the rest is the test part), then standardises every part with the training
     * mean and standard deviation (a constant column is left centred).
     */
    public static Split of(LabeledData data, double trainFraction, double validationFraction, long seed) {
        Split split = raw(data, trainFraction, validationFraction, seed);
        LabeledData train = split.train();
        LabeledData val = split.validation();
        LabeledData test = split.test();
        int nTrain = train.size();
        int d = data.dimension();
        double[] mean = new double[d];
        double[] sd = new double[d];
        double[] a = train.x().data();
        for (int i = 0; i < nTrain; i++) {
            for (int j = 0; j < d; j++) {
                mean[j] += a[i * d + j];
            }
        }
        for (int j = 0; j < d; j++) {
            mean[j] /= nTrain;
        }
        for (int i = 0; i < nTrain; i++) {
            for (int j = 0; j < d; j++) {
                double t = a[i * d + j] - mean[j];
                sd[j] += t * t;
            }
        }
        for (int j = 0; j < d; j++) {
            sd[j] = Math.sqrt(sd[j] / nTrain);
            if (!(sd[j] > 1e-12)) {
                sd[j] = 1.0;
            }
        }
        for (LabeledData part : new LabeledData[] {train, val, test}) {
            double[] p = part.x().data();
            for (int i = 0; i < part.size(); i++) {
                for (int j = 0; j < d; j++) {
                    p[i * d + j] = (p[i * d + j] - mean[j]) / sd[j];
                }
            }
        }
        return split;
    }

    /**
     * The same parts as {@link #of} for the same arguments, not standardised: for kernels that take
     * the rows as they are (histogram kernels need non-negative entries).
     */
    public static Split raw(LabeledData data, double trainFraction, double validationFraction, long seed) {
        if (!(trainFraction > 0) || !(validationFraction > 0) || trainFraction + validationFraction >= 1) {
            throw new InvalidParameterException("split", trainFraction + "/" + validationFraction,
                    "fractions > 0 whose sum is < 1 (the rest is the test part)");
        }
        int n = data.size();
        int[] perm = new int[n];
        for (int i = 0; i < n; i++) {
            perm[i] = i;
        }
        RandomGenerator rng = Seeds.generator(Seeds.derive(seed, "split"));
        for (int i = n - 1; i > 0; i--) {
            int j = rng.nextInt(i + 1);
            int t = perm[i];
            perm[i] = perm[j];
            perm[j] = t;
        }
        int nTrain = (int) Math.round(n * trainFraction);
        int nVal = (int) Math.round(n * validationFraction);
        if (nTrain < 1 || nVal < 1 || n - nTrain - nVal < 1) {
            throw new InvalidParameterException("data.rows", n,
                    "enough rows for non-empty train, validation and test parts (" + nTrain + "/" + nVal + "/"
                            + (n - nTrain - nVal) + ")");
        }
        LabeledData train = data.subset(java.util.Arrays.copyOfRange(perm, 0, nTrain), "/train");
        LabeledData val = data.subset(java.util.Arrays.copyOfRange(perm, nTrain, nTrain + nVal), "/validation");
        LabeledData test = data.subset(java.util.Arrays.copyOfRange(perm, nTrain + nVal, n), "/test");
        return new Split(train, val, test);
    }
}
