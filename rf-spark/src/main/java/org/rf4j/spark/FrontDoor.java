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
package org.rf4j.spark;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import org.rf4j.RandomFeatureMap;
import org.rf4j.api.Matrix;
import org.rf4j.api.InvalidInputException;

/**
 * The one place rf-spark calls rf4j's front door ({@code org.rf4j.RandomFeatures} /
 * {@code org.rf4j.RandomFeatureMap}): validate a config, fit it on the driver's sample, and rebuild
 * the fitted map on an executor from what the model ships.
 *
 * <p><b>What a model ships.</b> The fitted config only ({@link RandomFeatureMap#toConfig()}: kernel,
 * estimator with every default and every fitted value, seed and {@code dimension}): the fit stage
 * writes every data-dependent value into it, so {@code RandomFeatures.fromConfig(fitted).fit()} on
 * an executor redraws the same map bit for bit, and no data sample leaves the driver. A fitted
 * config whose estimator still needs fitting (a plugin whose spec does not carry its fitted values)
 * is refused on the driver. Models saved by older versions with a fit sample still load and refit
 * on it.
 */
final class FrontDoor {
    /** Maps rebuilt per JVM, by (fitted config, sample): one draw per executor and model, not per partition. */
    private static final int CACHE_SIZE = 16;

    private static final Map<Key, RandomFeatureMap> CACHE = new LinkedHashMap<>(CACHE_SIZE, 0.75f, true) {
        private static final long serialVersionUID = 1L;

        @Override
        protected boolean removeEldestEntry(Map.Entry<Key, RandomFeatureMap> eldest) {
            return size() > CACHE_SIZE;
        }
    };

    private FrontDoor() {
    }

    /** A drawn map (fitted first where its mechanism needs data) and the fitted config an executor redraws it from. */
    record DrawnMap(RandomFeatureMap map, String fittedConfig) {
    }

    /**
     * Resolves a config through the mechanism registry and returns it with every default filled in;
     * throws the front door's domain exception (naming the key, value and what is allowed) otherwise.
     */
    static String validate(String configJson) {
        Objects.requireNonNull(configJson, "config");
        return org.rf4j.RandomFeatures.fromConfig(configJson).toConfig();
    }

    /**
     * Sampled rows the driver keeps (densified) to fit: all {@code sampled} when the config has
     * data-dependent values to fit (a kernel length scale given as a rule included), else one (it only fixes d), so a wide column (2¹⁸ hashed
     * features) is never densified in bulk.
     */
    static int sampleRows(String configJson, int sampled) {
        return org.rf4j.RandomFeatures.fromConfig(configJson).needsData() ? sampled : 1;
    }

    /**
     * Fits the config to the driver's sample (n×d, n ≥ 1); the fitted config carries every fitted
     * value, so it is all an executor needs.
     *
     * @throws InvalidInputException if the fitted config's estimator would still need fitting
     */
    static DrawnMap fit(String configJson, Matrix sample) {
        RandomFeatureMap map = org.rf4j.RandomFeatures.fromConfig(configJson).fit(sample);
        String fitted = map.toConfig();
        org.rf4j.api.mechanism.Estimator rebuilt = org.rf4j.RandomFeatures.fromConfig(fitted).estimator();
        if (rebuilt.needsFit()) {
            throw new InvalidInputException("the fitted config of estimator '" + rebuilt.spec().id() + "' does not carry"
                    + " all its fitted values (its spec drops a data-dependent value), so executors could not redraw it;"
                    + " a mechanism's fit must write what it fits into its spec");
        }
        // Not cached: an executor, even in the driver's JVM, redraws the map from the fitted config.
        return new DrawnMap(map, fitted);
    }

    /**
     * The fitted map an executor (or a reloaded model) uses: {@code fromConfig(fitted).fit()}, or a
     * refit on the shipped sample. Cached per JVM; the map is immutable and thread-safe.
     */
    static RandomFeatureMap rebuild(String fittedConfig, Matrix sample) {
        Key key = new Key(fittedConfig, sample);
        synchronized (CACHE) {
            RandomFeatureMap m = CACHE.get(key);
            if (m != null) {
                return m;
            }
        }
        org.rf4j.RandomFeatures rf = org.rf4j.RandomFeatures.fromConfig(fittedConfig);
        RandomFeatureMap m = sample == null ? rf.fit() : rf.fit(sample);
        synchronized (CACHE) {
            CACHE.put(key, m);
        }
        return m;
    }

    /** Cache key: the config text and the sample's exact contents. */
    private static final class Key {
        private final String config;
        private final int rows;
        private final double[] data;
        private final int hash;

        Key(String config, Matrix sample) {
            this.config = config;
            this.rows = sample == null ? -1 : sample.rows();
            this.data = sample == null ? null : sample.data();
            this.hash = 31 * config.hashCode() + Arrays.hashCode(data) + rows;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Key k && k.hash == hash && k.rows == rows && k.config.equals(config)
                    && Arrays.equals(k.data, data);
        }

        @Override
        public int hashCode() {
            return hash;
        }
    }
}
