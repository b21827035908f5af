package org.rf4j.tasks;

import org.rf4j.RandomFeatures;
import java.util.Objects;
import org.rf4j.api.kernel.Kernel;

/**
 * One mechanism to evaluate: a label for tables and plots, an estimator spec (its feature count
 * is overridden per run by {@link FeatureCounts}) and an optional kernel overriding the task's
 * default.
 *
 * @param label     the name shown in the table and the plot legend
 * @param estimator the estimator spec as in a config's {@code "estimator"} object
 * @param kernel    the kernel from the config, or null for the task's default
 */
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
