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
package org.rf4j.learn;

import java.util.Map;
import org.rf4j.RandomFeatureMap;
import org.rf4j.RandomFeatures;
import org.rf4j.api.Matrix;
import org.rf4j.api.kernel.GaussianKernel;
import org.rf4j.api.kernel.Kernel;
import org.rf4j.api.mechanism.DataSample;
import org.rf4j.api.mechanism.DrawnEstimator;
import org.rf4j.api.mechanism.Estimator;
import org.rf4j.api.mechanism.FitData;
import org.rf4j.api.mechanism.Side;
import org.rf4j.spi.MechanismRegistry;

/**
 * The one place rf-learn builds feature maps, through the library front door
 * ({@link RandomFeatures} → {@link RandomFeatureMap}). A {@link DrawnMap} is what the models
 * need of a {@code RandomFeatureMap}: the query side φ₁, the key side φ₂ (caller's coordinates, the
 * kernel's scaling applied) and the fitted config it round-trips through.
 */
final class FeatureMaps {
    private FeatureMaps() {
    }

    /** A fitted, drawn feature map. */
    interface DrawnMap {
        int inputDimension();

        int outputDimension();

        Kernel kernel();

        /** φ₁ (query side) of a batch in the caller's coordinates. */
        Matrix queries(Matrix x);

        /** φ₂ (key side) of a batch in the caller's coordinates. */
        Matrix keys(Matrix x);

        /** The fitted config JSON (with {@code "dimension"}); {@link #restore} rebuilds the same map. */
        String toConfig();
    }

    /**
     * The configuration with its bandwidth rule ({@code "sigma": "median"}/{@code "scale"}) fitted
     * to the rows the maps will see, which is then the config's σ; unchanged without a rule.
     */
    static RandomFeatures withFittedBandwidths(RandomFeatures features, Matrix xs) {
        java.util.Optional<org.rf4j.Bandwidth.Fit> bandwidths = features.bandwidthFit();
        if (bandwidths.isEmpty()) {
            return features;
        }
        bandwidths.get().add(xs);
        return features.withBandwidths(bandwidths.get());
    }

    /**
     * Refuses standardised rows for a histogram kernel (chi2, skewed-chi2): it takes non-negative
     * entries, and standardised columns are negative, so every fit would fail on its own rows.
     *
     * @param kernel the configuration's kernel, or null when it is known only after a fit (a length
     *               scale fitted from data: not a histogram kernel)
     */
    static void requireStandardizable(Kernel kernel) {
        if (kernel != null && kernel.capability(org.rf4j.api.kernel.Histogram.class).isPresent()) {
            throw new org.rf4j.api.InvalidParameterException("standardize", true, "false (withStandardize(false)) for kernel '"
                    + kernel.spec().id() + "': it takes non-negative histogram rows, and standardised columns are negative");
        }
    }

    /** {@link #requireStandardizable(Kernel)} for a configuration. */
    static void requireStandardizable(RandomFeatures features) {
        requireStandardizable(features.bandwidthFit().isPresent() ? null : features.kernel());
    }

    /** The length-scale parameter of the kernels that have one under that name (Matérn, exponential, rational quadratic). */
    static final String LENGTHSCALE = "lengthscale";

    /**
     * The length scale of a configuration's kernel: the Gaussian's σ, or a kernel's numeric
     * {@value #LENGTHSCALE} parameter; NaN for a kernel without one (softmax, polynomial, ...).
     */
    static double sigma(RandomFeatures features) {
        Kernel k = features.kernel();
        if (k instanceof GaussianKernel g) {
            return g.sigma();
        }
        return k.spec().parameters().get(LENGTHSCALE) instanceof Number n ? n.doubleValue() : Double.NaN;
    }

    /**
     * Fits the configuration's map on the training rows {@code x} (their statistics, landmarks, ...)
     * and draws it with its seed; a finite {@code sigma} replaces the kernel's length scale (the
     * Gaussian's σ, or a {@value #LENGTHSCALE} parameter).
     */
    static DrawnMap fit(RandomFeatures features, double sigma, Matrix x) {
        RandomFeatures f = features;
        if (!Double.isNaN(sigma)) {
            Kernel k = f.kernel();
            if (k instanceof GaussianKernel) {
                f = f.kernel("gaussian", Map.of("sigma", sigma));
            } else if (k.spec().parameters().get(LENGTHSCALE) instanceof Number) {
                Map<String, Object> parameters = new java.util.LinkedHashMap<>(k.spec().parameters());
                parameters.put(LENGTHSCALE, sigma);
                f = f.kernel(k.spec().id(), parameters);
            }
        }
        return of(f.fit(x));
    }

    /**
     * The learning view of a fitted map. Rows with degenerate features are let through: a bandwidth
     * search scores bad bandwidths rather than stopping at them (the config written is the map's own).
     */
    static DrawnMap of(RandomFeatureMap fittedMap) {
        String config = fittedMap.toConfig();
        RandomFeatureMap map = fittedMap.withDegenerateRowsAllowed(true);
        return new DrawnMap() {
            @Override
            public int inputDimension() {
                return map.inputDimension();
            }

            @Override
            public int outputDimension() {
                return map.outputDimension();
            }

            @Override
            public Kernel kernel() {
                return map.kernel();
            }

            @Override
            public Matrix queries(Matrix q) {
                return map.transform(q);
            }

            @Override
            public Matrix keys(Matrix k) {
                return map.transformKeys(k);
            }

            @Override
            public String toConfig() {
                return config;
            }
        };
    }

    /** The identity on {@code m} columns: a feature matrix the caller computed, fitted as it is. */
    static DrawnMap identity(int m) {
        return new DrawnMap() {
            @Override
            public int inputDimension() {
                return m;
            }

            @Override
            public int outputDimension() {
                return m;
            }

            @Override
            public Kernel kernel() {
                throw new IllegalStateException("a feature matrix has no kernel");
            }

            @Override
            public Matrix queries(Matrix q) {
                return q;
            }

            @Override
            public Matrix keys(Matrix k) {
                return k;
            }

            @Override
            public String toConfig() {
                throw new IllegalStateException("a feature matrix has no config");
            }
        };
    }

    /** Draws a configured estimator for a kernel on data {@code x} with a seed (the evaluation harness's path). */
    static DrawnMap draw(Estimator estimator, Kernel kernel, Matrix x, long seed) {
        Estimator fitted = estimator.fit(FitData.of(kernel, DataSample.symmetric(x), Map.of(), seed));
        DrawnEstimator e = fitted.draw(kernel, x.cols(), seed);
        String config = org.rf4j.config.Json.line(
                new org.rf4j.config.ConfigSpec(kernel.spec(), fitted.spec(), seed, null, x.cols(), false).toPlain());
        return new DrawnMap() {
            @Override
            public int inputDimension() {
                return e.inputDimension();
            }

            @Override
            public int outputDimension() {
                return e.features().outputDimension();
            }

            @Override
            public Kernel kernel() {
                return kernel;
            }

            @Override
            public Matrix queries(Matrix q) {
                return e.features(Side.QUERY, q, null);
            }

            @Override
            public Matrix keys(Matrix k) {
                return e.features(Side.KEY, k, null);
            }

            @Override
            public String toConfig() {
                return config;
            }
        };
    }

    /** Rebuilds a map from its fitted config, without data ({@code RandomFeatures.fromConfig(c).fit()}). */
    static DrawnMap restore(String fittedConfig, MechanismRegistry registry) {
        RandomFeatures f = RandomFeatures.fromConfig(fittedConfig);
        if (registry != null) {
            f = f.registry(registry);
        }
        return of(f.fit());
    }
}
