package org.rf4j;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.OptionalDouble;
import org.rf4j.api.mechanism.DataSample;
import org.rf4j.api.mechanism.DrawnEstimator;
import org.rf4j.api.mechanism.EstimatorRequest;
import org.rf4j.config.RunConfig;

/**
 * The one place the front door meets the mechanism model: fit a configured estimator to data,
 * then draw it from the seed (package-private).
 *
 * <p>Data precedence: data named in the config (its top-level {@code data} file, or a mechanism's
 * own {@code data}) is the config's own declaration of what it is fitted to, so it wins over the
 * data passed to {@code fit}; this keeps {@code RandomFeatures.fromConfig(file).fit(X)} equal to
 * {@code rf4j transform --config file}, whatever X is.
 */
final class Fitting {
    private Fitting() {
    }

    /**
     * True when drawing the configured estimator depends on data (until the mechanism model reports
     * this itself, every estimator is treated as data-driven: drawn per fit, never cached).
     */
    static boolean needsData(RunConfig rc) {
        return true;
    }

    static RandomFeatureMap fitAndDraw(RunConfig rc, DataSample data, int d) {
        DataSample use = rc.data() != null ? rc.data() : data;
        if (use != null && use.dimension() != d) {
            throw new org.rf4j.api.DimensionMismatchException("the config's data has " + use.dimension()
                    + " columns but the input dimension is " + d);
        }
        Fitted fitted = new Fitted(rc, use, d);
        return new RandomFeatureMap(fitted, fitted.draw(rc.seed()), rc.seed());
    }

    /**
     * A configured estimator fitted to its data for dimension d: everything but the seed. Drawing it
     * with a seed gives the projections.
     */
    record Fitted(RunConfig config, DataSample data, int d) {
        DrawnEstimator draw(long seed) {
            return config.estimator().draw(new EstimatorRequest(config.kernel(), d, data, seed));
        }

        OptionalDouble theoryMse(double[] x, double[] y) {
            return config.estimator().theoryMse(config.kernel(), x, y, data);
        }

        int projectionCount() {
            return config.estimator().projectionCount(d);
        }

        /** The fitted config as plain values: every default and fitted value, the seed and the dimension. */
        Map<String, Object> plain(long seed) {
            Map<String, Object> m = new LinkedHashMap<>(config.withSeed(seed).toPlain());
            m.put(Configs.DIMENSION, (long) d);
            return m;
        }
    }
}
