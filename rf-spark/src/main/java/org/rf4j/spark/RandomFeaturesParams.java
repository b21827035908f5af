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

import org.apache.spark.ml.param.DoubleParam;
import org.apache.spark.ml.param.IntParam;
import org.apache.spark.ml.param.LongParam;
import org.apache.spark.ml.param.Param;
import org.apiguardian.api.API;

/**
 * The typed params of {@link RandomFeatures}, copied to the {@link RandomFeaturesModel} it fits (as
 * Spark's own {@code *Params} traits). The tuning ones ({@code m}, {@code kernel}, {@code sigma},
 * {@code coupling}, {@code features}, {@code seed}) replace their key in the JSON config when set;
 * on a model they record what the estimator was given, and its fitted config is what counts.
 */
@API(status = API.Status.INTERNAL, since = "0.1")
public interface RandomFeaturesParams {
    /** The stage's params (internal holder). */
    TypedParams typedParams();

    /** Number of random features; overrides the config's {@code estimator.m} when set. */
    default IntParam m() {
        return typedParams().m;
    }

    /** Kernel id; overrides the config's {@code kernel.id} when set. */
    default Param<String> kernel() {
        return typedParams().kernel;
    }

    /** Kernel bandwidth σ; overrides the config's {@code kernel.sigma} when set. */
    default DoubleParam sigma() {
        return typedParams().sigma;
    }

    /** Coupling id; overrides the config's {@code estimator.coupling} when set. */
    default Param<String> coupling() {
        return typedParams().coupling;
    }

    /** Feature map id; overrides the config's {@code estimator.features} when set. */
    default Param<String> features() {
        return typedParams().features;
    }

    /** Seed; overrides the config's {@code seed} when set. */
    default LongParam seed() {
        return typedParams().seed;
    }

    /** rf4j threads per Spark task, 1 to 4096 (default 1: one per task, as Spark schedules one task per core). */
    default IntParam threads() {
        return typedParams().threads;
    }

    /** The {@link #threads()} value. */
    default int getThreads() {
        return typedParams().threadsOf();
    }
}
