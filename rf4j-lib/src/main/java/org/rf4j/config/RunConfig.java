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
package org.rf4j.config;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import org.rf4j.api.Matrix;
import org.rf4j.api.kernel.Kernel;
import org.rf4j.api.mechanism.DataSample;
import org.rf4j.api.mechanism.Estimator;
import org.rf4j.api.mechanism.FitData;
import org.apiguardian.api.API;

/**
 * A config as understood: the kernel, the configured estimator, the seed, and optionally the data
 * the estimator is drawn with (in the caller's, unscaled coordinates).
 *
 * @param kernel    the kernel
 * @param estimator the configured estimator (its spec has every default filled in)
 * @param seed      the root seed
 * @param dataValue the {@code "data"} value as written in the config (a file name or
 *                  {@code {"query": file, "key": file}}), or null
 * @param data      the data read from it, or null
 * @param files     the rows of every data file the estimator's mechanisms name, by full key (e.g.
 *                  {@code estimator.features.data}), read by the config loader (caller's coordinates)
 * @param source    where the config came from, for messages
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public record RunConfig(Kernel kernel, Estimator estimator, long seed, Object dataValue, DataSample data,
        Map<String, Matrix> files, String source) {
    public RunConfig {
        Objects.requireNonNull(kernel, "kernel");
        Objects.requireNonNull(estimator, "estimator");
        Objects.requireNonNull(source, "source");
        files = Map.copyOf(files == null ? Map.of() : files);
    }

    /**
     * The fit data of this config: the kernel, the top-level data (caller's coordinates) if any, the
     * mechanisms' data files and the seed (the fit stage's random choices derive from it).
     */
    public FitData fitData() {
        return FitData.of(kernel, data, files, seed);
    }

    /**
     * This config with its estimator fitted to {@link #fitData()} (see {@link Estimator#fit}): the
     * fitted values are in the estimator's spec, so {@link #toPlain()} writes a config that rebuilds
     * the fitted estimator without data.
     */
    public RunConfig fit() {
        Estimator fitted = estimator.fit(fitData());
        return fitted == estimator ? this : new RunConfig(kernel, fitted, seed, dataValue, data, Map.of(), source);
    }

    /** A copy with another seed (e.g. from {@code --seed}). */
    public RunConfig withSeed(long newSeed) {
        return new RunConfig(kernel, estimator, newSeed, dataValue, data, files, source);
    }

    /**
     * This config as plain JSON-like values, in the contract's shape with every default filled in:
     * {@code {"kernel": ..., "estimator": ..., ["data": ...,] "seed": ...}}. Parsing it again gives
     * an equal config.
     */
    public Map<String, Object> toPlain() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("kernel", kernel.spec().toPlain());
        m.put("estimator", estimator.spec().toPlain());
        if (dataValue != null) {
            m.put("data", dataValue);
        }
        m.put("seed", seed);
        return m;
    }
}
