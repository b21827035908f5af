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

import java.util.LinkedHashMap;
import java.util.Map;
import org.rf4j.RandomFeatures;
import org.rf4j.api.kernel.GaussianKernel;
import org.rf4j.api.kernel.Histogram;
import org.rf4j.api.kernel.Kernel;

/**
 * What the learning tasks need to know of any kernel: whether it has a length scale to tune (the
 * Gaussian's σ, or a numeric {@code lengthscale} parameter: Matérn, exponential, rational
 * quadratic) and the kernel at another scale; and whether it is a histogram kernel, whose rows must
 * stay non-negative and so are not standardised.
 */
final class TaskKernels {
    /** The length-scale parameter of the kernels that have one under that name. */
    static final String LENGTHSCALE = "lengthscale";

    private TaskKernels() {
    }

    /** Whether the tasks tune a length scale of this kernel. */
    static boolean hasLengthScale(Kernel kernel) {
        return kernel instanceof GaussianKernel || kernel.spec().parameters().get(LENGTHSCALE) instanceof Number;
    }

    /** The name of its length scale in notes and figures: σ for the Gaussian, ℓ otherwise. */
    static String scaleName(Kernel kernel) {
        return kernel instanceof GaussianKernel ? "σ" : "ℓ";
    }

    /** The kernel with length scale {@code scale} (only for {@link #hasLengthScale} kernels). */
    static Kernel withLengthScale(Kernel kernel, double scale) {
        if (kernel instanceof GaussianKernel) {
            return Kernel.gaussian(scale);
        }
        Map<String, Object> parameters = new LinkedHashMap<>(kernel.spec().parameters());
        parameters.put(LENGTHSCALE, scale);
        return RandomFeatures.of(kernel.spec().id(), parameters).kernel();
    }

    /** Whether the kernel takes only non-negative (histogram) rows, which standardising would break. */
    static boolean histogram(Kernel kernel) {
        return kernel.capability(Histogram.class).isPresent();
    }

    /** The note a task adds when a histogram kernel makes it keep the raw rows. */
    static String rawRowsNote(Kernel kernel) {
        return "kernel '" + kernel.spec().id() + "' takes non-negative histogram rows: the task maps the raw rows"
                + " (standardised columns would be negative)";
    }
}
