package org.rf4j.app.cli;

import java.util.function.Supplier;
import org.rf4j.api.DimensionMismatchException;
import org.rf4j.config.RunConfig;

/**
 * Names the config's data file in a dimension mismatch between it and the rows being mapped
 * ("data has dimension 2 but 3 is required" alone does not say which file).
 */
final class DataNames {
    private DataNames() {
    }

    /** Runs {@code task}; a mismatch about the config's data is rethrown naming the config and its data file. */
    static <T> T naming(RunConfig cfg, Supplier<T> task) {
        try {
            return task.get();
        } catch (DimensionMismatchException e) {
            String m = e.getMessage();
            if (cfg.dataValue() == null || m == null || !m.startsWith("data")) {
                throw e;
            }
            throw new DimensionMismatchException(cfg.source() + ": \"data\": " + cfg.dataValue() + ": " + m);
        }
    }
}
