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
package org.rf4j;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.OptionalDouble;
import org.rf4j.api.mechanism.DataSample;
import org.rf4j.api.mechanism.DrawnEstimator;
import org.rf4j.api.mechanism.Estimator;
import org.rf4j.api.mechanism.FitData;
import org.rf4j.config.RunConfig;

/**
 * The one place the front door meets the mechanism model: fit a configured estimator to data,
 * then draw it from the seed (package-private).
 *
 * <p>Data precedence: data named in the config (its top-level {@code data} file, or a mechanism's
 * own data file) is the config's own declaration of what it is fitted to, so it wins over the
 * data passed to {@code fit}; this keeps {@code RandomFeatures.fromConfig(file).fit(X)} equal to
 * {@code rf4j transform --config file}, whatever X is.
 */
final class Fitting {
    private Fitting() {
    }

    /**
     * True when drawing the configured estimator depends on data: it has data-dependent values it
     * has not fitted yet (a fitted config, or one whose mechanisms need no data, draws without).
     */
    static boolean needsData(RunConfig rc) {
        return rc.estimator().needsFit() && rc.data() == null && rc.files().isEmpty();
    }

    /**
     * Fits the configured estimator once (the config's own data and files, else {@code data};
     * caller's coordinates; the fit stage's random choices from the config's seed) and draws it from
     * the seed. The fitted estimator's spec carries every fitted value, so
     * {@link RandomFeatureMap#toConfig()} rebuilds it without data.
     */
    static RandomFeatureMap fitAndDraw(RunConfig rc, DataSample data, int d, boolean allowDegenerateRows) {
        DataSample use = rc.data() != null ? rc.data() : data;
        if (use != null && use.dimension() != d) {
            throw new org.rf4j.api.DimensionMismatchException("the config's data has " + use.dimension()
                    + " columns but the input dimension is " + d);
        }
        Estimator estimator = rc.estimator();
        if (estimator.needsFit() || use != null || !rc.files().isEmpty()) {
            estimator = estimator.fit(FitData.of(rc.kernel(), use, rc.files(), rc.seed()));
        }
        if (estimator.needsFit()) {
            throw new org.rf4j.api.InvalidInputException("the estimator '" + estimator.spec().id() + "' of "
                    + rc.source() + " still needs data after fitting; fit it with data");
        }
        RunConfig fitted = new RunConfig(rc.kernel(), estimator, rc.seed(), null, null, Map.of(), rc.source());
        Fitted f = new Fitted(fitted, d, allowDegenerateRows);
        return new RandomFeatureMap(f, f.draw(rc.seed()), rc.seed());
    }

    /**
     * A configured estimator fitted to its data for dimension d: everything but the seed; and whether
     * rows with degenerate features are let through.
     */
    record Fitted(RunConfig config, int d, boolean allowDegenerateRows) {
        DrawnEstimator draw(long seed) {
            return config.estimator().draw(config.kernel(), d, seed);
        }

        OptionalDouble theoryMse(double[] x, double[] y) {
            return config.estimator().theoryMse(config.kernel(), x, y);
        }

        int projectionCount() {
            return config.estimator().projectionCount(d);
        }

        /** The fitted config as plain values: every default and fitted value, the seed and the dimension. */
        Map<String, Object> plain(long seed) {
            Map<String, Object> m = new LinkedHashMap<>(config.withSeed(seed).toPlain());
            m.put(Configs.DIMENSION, (long) d);
            if (allowDegenerateRows) {
                m.put(Configs.ALLOW_DEGENERATE_ROWS, true);
            }
            return m;
        }
    }
}
