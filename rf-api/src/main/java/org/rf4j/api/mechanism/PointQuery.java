package org.rf4j.api.mechanism;

import org.rf4j.api.kernel.KernelKind;

/**
 * A question to the theory: what MSE should m features of a map have at (x, y)?
 *
 * @param kind     the unit kernel estimated
 * @param m        number of projections
 * @param coupling the coupling the projections are drawn with
 * @param sampling sampling policy, or null
 * @param x        query, already scaled by the kernel's input scale
 * @param y        key, already scaled
 * @param data     data sample the map was tuned with (scaled), or null
 */
public record PointQuery(KernelKind kind, int m, Coupling coupling, SamplingPolicy sampling, double[] x, double[] y,
        DataSample data) {
}
