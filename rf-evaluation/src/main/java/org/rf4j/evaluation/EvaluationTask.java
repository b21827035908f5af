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

import java.util.List;
import java.util.OptionalDouble;
import java.util.function.IntFunction;
import org.rf4j.api.kernel.Kernel;
import org.rf4j.api.mechanism.Estimator;
import org.apiguardian.api.API;

/**
 * A task the evaluation harness runs for every (mechanism, m, seed): it draws the estimator with
 * the seed, measures one scalar error metric, and may offer a closed-form expectation of that
 * metric ({@link #theory}) and the exact-kernel value of it ({@link #reference}).
 */
@API(status = API.Status.INTERNAL, since = "0.1")
public interface EvaluationTask {

    /** The task id used on the command line ({@code pointwise}, {@code gram}, {@code classify}, ...). */
    String id();

    /** A one-line title for reports. */
    String title();

    /** The protocol in a few sentences (data, sizes, what is measured), for reports. */
    String description();

    /** The name of the metric, e.g. "relative squared Frobenius error". */
    String metric();

    /** Whether larger metric values are better (accuracy) rather than worse (errors). */
    boolean higherIsBetter();

    /** Whether the metric is best plotted on a log scale. */
    boolean logScale();

    /** The input dimension the estimators are drawn for. */
    int dimension();

    /** The kernel used when a config does not name one. */
    default Kernel defaultKernel() {
        return Kernel.gaussian(1.0);
    }

    /**
     * Whether the task always uses its own kernel ({@link #calibrate}'s result), ignoring the
     * configs' kernels (e.g. attention is always softmax). Default false.
     */
    default boolean kernelFixed() {
        return false;
    }

    /**
     * Adjusts the kernel before the runs (e.g. tunes the bandwidth on a validation split) using a
     * reference estimator at a given feature count. The default returns the kernel unchanged.
     *
     * @param reference the first usable config's estimator at feature count m
     */
    default Kernel calibrate(IntFunction<Estimator> reference, Kernel kernel, long seed) {
        return kernel;
    }

    /** Draws the estimator from {@code seed} and returns the metric. */
    double run(Estimator estimator, Kernel kernel, long seed);

    /** The closed-form expectation of the metric for this estimator, where known. */
    default OptionalDouble theory(Estimator estimator, Kernel kernel) {
        return OptionalDouble.empty();
    }

    /** The metric with the exact kernel (e.g. exact Nadaraya–Watson accuracy), where meaningful. */
    default OptionalDouble reference(Kernel kernel) {
        return OptionalDouble.empty();
    }

    /**
     * Extra figures for the report, computed after the runs from each mechanism's estimator at the
     * largest feature count (label → estimator, in config order). The default has none.
     */
    default List<Figure> figures(java.util.Map<String, Estimator> atLargestM, Kernel kernel, long seed) {
        return List.of();
    }

    /** Notes gathered while calibrating or running (e.g. the bandwidth search), for reports. */
    default List<String> notes() {
        return List.of();
    }

    /**
     * The rows a config's data-driven length scale ({@code "sigma": "median"} or {@code "scale"}) is
     * fitted to, in the coordinates the kernel sees (e.g. the standardised training part): the queries,
     * then the keys when they are other rows. The default has none.
     */
    default List<org.rf4j.api.Matrix> bandwidthRows() {
        return List.of();
    }
}
