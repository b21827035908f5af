package org.rf4j.api.mechanism;

import java.util.Map;
import java.util.Objects;
import org.rf4j.api.DimensionMismatchException;
import org.rf4j.api.kernel.Kernel;

/**
 * What the fit stage ({@link Estimator#fit}) computes data-dependent values from: the kernel, the
 * data (query and key samples) and per-mechanism data, each in the caller's coordinates.
 *
 * <p><b>One coordinate system.</b> Data here is as the caller has it (not yet multiplied by the
 * kernel's {@linkplain Kernel#inputScale() input scale}); {@link #sample(DataSample)} brings it into
 * kernel coordinates. Every fitted value a mechanism writes into its spec (OPRF {@code rho}, Poisson
 * {@code lambda}, geometric {@code p}, shifts, centres, ...) is in kernel coordinates, so a fitted
 * spec is tied to the kernel it was fitted with.
 *
 * <p><b>Precedence.</b> A mechanism fits with its own data when it has some (a data file named in its
 * config object, keyed here by its config path, e.g. {@code estimator.features}), else with the
 * shared {@link #data()}.
 *
 * @param kernel the kernel the mechanism will be drawn for
 * @param data   the shared query/key samples (caller's coordinates), or null
 * @param own    per-mechanism samples by config path (caller's coordinates); may be empty
 * @param path   the config path of the mechanism this view is for (e.g. {@code estimator.features})
 */
public record FitData(Kernel kernel, DataSample data, Map<String, DataSample> own, String path) {
    public FitData {
        Objects.requireNonNull(kernel, "kernel");
        own = Map.copyOf(own == null ? Map.of() : own);
        path = path == null ? "estimator" : path;
    }

    /** Fit data for a top-level estimator with shared data only (may be null). */
    public static FitData of(Kernel kernel, DataSample data) {
        return new FitData(kernel, data, Map.of(), "estimator");
    }

    /** The view for a nested mechanism, e.g. {@code child("features")} or {@code child("base[1]")}. */
    public FitData child(String name) {
        return new FitData(kernel, data, own, path + "." + name);
    }

    /** The data named for this mechanism itself (caller's coordinates), or null. */
    public DataSample ownData() {
        return own.get(path);
    }

    /**
     * The sample this mechanism fits with, in kernel coordinates: {@code configured} (data the
     * mechanism was built with, caller's coordinates) if not null, else its own entry, else the shared
     * data; null when there is none.
     */
    public DataSample sample(DataSample configured) {
        DataSample s = configured != null ? configured : ownData() != null ? ownData() : data;
        return s == null ? null : s.scaled(kernel.inputScale());
    }

    /** As {@link #sample(DataSample)}, checking the dimension against d. */
    public DataSample sample(DataSample configured, int d, String who) {
        DataSample s = sample(configured);
        if (s != null && s.dimension() != d) {
            throw new DimensionMismatchException("the data for " + who + " has dimension " + s.dimension()
                    + " but the inputs have dimension " + d);
        }
        return s;
    }
}
