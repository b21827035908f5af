package org.rf4j.api.mechanism;

import java.util.Objects;
import org.rf4j.api.Checks;
import org.rf4j.api.kernel.Kernel;

/**
 * What an {@link Estimator} needs to draw itself.
 *
 * @param kernel the kernel to estimate
 * @param d      input dimension
 * @param data   query/key samples in the caller's coordinates (unscaled), or null
 * @param seed   the seed every random choice derives from
 */
public record EstimatorRequest(Kernel kernel, int d, DataSample data, long seed) {
    public EstimatorRequest {
        Objects.requireNonNull(kernel, "kernel");
        Checks.positive("d", d);
        if (data != null) {
            Checks.sameLength("data", d, data.dimension());
        }
    }

    /** The data in kernel coordinates (multiplied by the kernel's input scale), or null. */
    public DataSample scaledData() {
        return data == null ? null : data.scaled(kernel.inputScale());
    }
}
