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
package org.rf4j.api.mechanism;

import java.util.OptionalDouble;
import org.apiguardian.api.API;

/**
 * A configured feature map: the recipe φ(x, ω) and its parameters, not yet drawn. Drawing it
 * ({@link #draw}) fixes the projections and returns {@link DrawnFeatures}.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public interface FeatureMap extends Mechanism {

    /** True if the drawn features are non-negative. */
    boolean positive();

    /** True if the features are complex before realification (the estimate is a real part). */
    default boolean complex() {
        return false;
    }

    /**
     * Fits the map's data-dependent parameters (see {@link Estimator#fit}); {@code data} is the view
     * for this map's config path. Maps with nothing to fit return themselves.
     */
    default FeatureMap fit(FitData data) {
        return this;
    }

    /**
     * Fits the map for m projections: the estimator calls this one. Maps whose fitted values depend
     * on m (Nyström's m landmarks) override it; the default is {@link #fit(FitData)}.
     */
    default FeatureMap fit(FitData data, int m) {
        return fit(data);
    }

    /** The output dimension for m projections in dimension d. */
    int outputDimension(int m, int d);

    /** Draws the features. */
    DrawnFeatures draw(FeatureRequest request);

    /**
     * True if this map can draw its projections with the given coupling. Maps that consume
     * discrete ω (Poisson, geometric) accept only independent draws.
     */
    default boolean accepts(Coupling coupling) {
        return true;
    }

    /**
     * The closed-form MSE of the estimator {@code K̂(x, y)} built from m of these features at the
     * query's inputs, where rf-theory has one; empty otherwise.
     */
    default OptionalDouble theoryMse(PointQuery query) {
        return OptionalDouble.empty();
    }

    /**
     * Why this map cannot estimate {@code kernel}, as one line naming both, or empty when it can;
     * asked when a config is read. Default: the Gaussian and softmax kernels only (a map that needs a
     * capability, such as a shift-invariant spectral law, overrides this and asks the kernel for it).
     */
    default java.util.Optional<String> refusal(org.rf4j.api.kernel.Kernel kernel) {
        if (kernel.unitKind().isPresent()) {
            return java.util.Optional.empty();
        }
        String why = this instanceof ProjectionFeatureMap p
                && (p.form() == ProjectionFeatureMap.Form.POSITIVE || p.form() == ProjectionFeatureMap.Form.HYPERBOLIC)
                && kernel.capability(org.rf4j.api.kernel.GaussianScaleMixture.class).isPresent()
                ? "exponential features of a scale mixture of Gaussians with a heavy-tailed mixing law (Matern,"
                        + " rational-quadratic) have infinite variance when x.y > 0; use 'trigonometric' or 'random-fourier'"
                : "the map is written for the Gaussian and softmax kernels only; use 'trigonometric' or 'random-fourier'"
                        + " for a shift-invariant kernel";
        return java.util.Optional.of(KernelRefusals.of(kernel, "feature map", spec().id(), why));
    }
}
