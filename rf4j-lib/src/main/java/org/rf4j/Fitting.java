package org.rf4j;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.OptionalDouble;
import org.rf4j.api.mechanism.DataSample;
import org.rf4j.api.mechanism.DrawnEstimator;
import org.rf4j.api.mechanism.Estimator;
import org.rf4j.api.mechanism.EstimatorRequest;
import org.rf4j.api.mechanism.FitData;
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
     * True when drawing the configured estimator depends on data: it has data-dependent values it
     * has not fitted yet (a fitted config, or one whose mechanisms need no data, draws without).
     */
    static boolean needsData(RunConfig rc) {
        return rc.estimator().needsFit();
    }

    /**
     * Fits the configured estimator once (the config's own data, else {@code data}; caller's
     * coordinates) and draws it from the config's seed. The fitted estimator's spec carries every
     * fitted value, so {@link RandomFeatureMap#toConfig()} rebuilds it without data. A mechanism
     * without a fit stage (the clustering hybrid, whose centres depend on the seed) is drawn with the
     * data instead, as it always was.
     */
    static RandomFeatureMap fitAndDraw(RunConfig rc, DataSample data, int d) {
        DataSample use = rc.data() != null ? rc.data() : data;
        if (use != null && use.dimension() != d) {
            throw new org.rf4j.api.DimensionMismatchException("the config's data has " + use.dimension()
                    + " columns but the input dimension is " + d);
        }
        Estimator estimator = rc.estimator();
        if (estimator.needsFit() || use != null) {
            estimator = estimator.fit(FitData.of(rc.kernel(), use));
        }
        boolean drawWithData = estimator.needsFit();
        RunConfig fitted = new RunConfig(rc.kernel(), estimator, rc.seed(), drawWithData ? rc.dataValue() : null,
                drawWithData ? rc.data() : null, rc.source());
        Fitted f = new Fitted(fitted, drawWithData ? use : null, d);
        return new RandomFeatureMap(f, f.draw(rc.seed()), rc.seed());
    }

    /**
     * A configured estimator fitted to its data for dimension d: everything but the seed. Drawing it
     * with a seed gives the projections; {@code data} is non-null only for a mechanism without a fit
     * stage, which is drawn with it.
     */
    record Fitted(RunConfig config, DataSample data, int d) {
        DrawnEstimator draw(long seed) {
            if (data == null) {
                return config.estimator().draw(config.kernel(), d, seed);
            }
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
