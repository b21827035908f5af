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

import org.rf4j.RandomFeatures;
import java.util.Objects;
import org.rf4j.api.kernel.Kernel;
import org.apiguardian.api.API;

/**
 * One mechanism to evaluate: a label for tables and plots, an estimator spec (its feature count
 * is overridden per run by {@link FeatureCounts}) and an optional kernel overriding the task's
 * default.
 *
 * @param label     the name shown in the table and the plot legend
 * @param estimator the estimator spec as in a config's {@code "estimator"} object
 * @param kernel    the kernel from the config, or null for the task's default
 */
@API(status = API.Status.INTERNAL, since = "0.1")
public record EvaluationConfig(String label, RandomFeatures config, Kernel kernel) {
    public EvaluationConfig {
        Objects.requireNonNull(label, "label");
        Objects.requireNonNull(config, "config");
    }

    /** A config with the task's default kernel. */
    public static EvaluationConfig of(String label, RandomFeatures config) {
        return new EvaluationConfig(label, config, null);
    }
}
