package org.rf4j.tasks;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;
import org.rf4j.api.Checks;
import org.rf4j.api.Matrix;
import org.rf4j.api.kernel.Kernel;
import org.rf4j.api.mechanism.DataSample;
import org.rf4j.api.mechanism.Estimator;
import org.rf4j.api.mechanism.EstimatorRequest;
import org.rf4j.api.mechanism.KernelEstimator;
import org.rf4j.api.mechanism.Side;
import org.rf4j.api.random.Seeds;

/**
 * The {@code pointwise} task: normalised MSE {@code E[(K̂ − K)²]/K²}, averaged over a fixed set
 * of input pairs. The embedded default follows the HRF Fig. 2 protocol: equal-length inputs in
 * d = 64 dimensions, length r = 1, angles θ = kπ/8 for k = 1..7
 * ({@link PointwiseStudy#equalLengthPair}), Gaussian kernel σ = 1.
 *
 * <p>One run draws {@code draws} independent estimators from the run seed, evaluates each on all
 * pairs (one batch per side), and returns the mean of {@code (K̂ − K)²/K²} over draws and pairs;
 * the mean over seeds is thus the Monte Carlo normalised MSE. The theory is the mean over pairs
 * of {@code MSE(x, y)/K(x, y)²} from the estimator's closed form.
 */
public final class PointwiseTask implements EvaluationTask {
    private final Matrix queries;
    private final Matrix keys;
    private final int draws;
    private final String dataName;

    /**
     * @param queries  the x of each pair (one per row)
     * @param keys     the y of each pair
     * @param draws    independent draws per run
     * @param dataName how the pairs are described in reports
     */
    public PointwiseTask(Matrix queries, Matrix keys, int draws, String dataName) {
        queries.requireNonEmpty("pointwise queries").requireFinite("pointwise queries");
        keys.requireCols(queries.cols(), "pointwise keys").requireFinite("pointwise keys");
        Checks.sameLength("pointwise keys (rows)", queries.rows(), keys.rows());
        this.queries = queries;
        this.keys = keys;
        this.draws = Checks.positive("draws", draws);
        this.dataName = dataName;
    }

    /** HRF Fig. 2 protocol: d = 64, r = 1, θ = kπ/8 (k = 1..7), 32 draws per run. */
    public static PointwiseTask hrfDefault() {
        return equalLength(64, 1.0, 7, 32);
    }

    /** Equal-length pairs of length r at θ = kπ/(angles + 1), k = 1..angles. */
    public static PointwiseTask equalLength(int d, double r, int angles, int draws) {
        Checks.positive("angles", angles);
        List<double[]> xs = new ArrayList<>();
        List<double[]> ys = new ArrayList<>();
        for (int k = 1; k <= angles; k++) {
            double[][] p = PointwiseStudy.equalLengthPair(d, r, k * Math.PI / (angles + 1));
            xs.add(p[0]);
            ys.add(p[1]);
        }
        return new PointwiseTask(Matrix.of(xs.toArray(double[][]::new)), Matrix.of(ys.toArray(double[][]::new)), draws,
                "synthetic: equal-length pairs in d = " + d + ", r = " + r + ", θ = kπ/" + (angles + 1) + " for k = 1.."
                        + angles + " (HRF Fig. 2 protocol)");
    }

    @Override
    public String id() {
        return "pointwise";
    }

    @Override
    public String title() {
        return "Pointwise kernel estimation";
    }

    @Override
    public String description() {
        return "Normalised MSE E[(K̂ − K)²]/K², averaged over " + queries.rows() + " input pairs; " + draws
                + " independent draws per seed. Data: " + dataName + ". Theory: the estimators' closed-form MSE.";
    }

    @Override
    public String metric() {
        return "normalised MSE";
    }

    @Override
    public boolean higherIsBetter() {
        return false;
    }

    @Override
    public boolean logScale() {
        return true;
    }

    @Override
    public int dimension() {
        return queries.cols();
    }

    @Override
    public Kernel defaultKernel() {
        return Kernel.gaussian(1.0);
    }

    @Override
    public double run(Estimator estimator, Kernel kernel, long seed) {
        int n = queries.rows();
        double[] exact = new double[n];
        for (int i = 0; i < n; i++) {
            exact[i] = kernel.value(queries.row(i), keys.row(i));
        }
        DataSample data = new DataSample(queries, keys);
        double acc = 0;
        for (int t = 0; t < draws; t++) {
            KernelEstimator e = estimator.draw(new EstimatorRequest(kernel, queries.cols(), data, Seeds.derive(seed, t)));
            Matrix a = e.features(Side.QUERY, queries, null);
            Matrix b = e.features(Side.KEY, keys, null);
            int f = a.cols();
            for (int i = 0; i < n; i++) {
                double dot = 0;
                for (int j = 0; j < f; j++) {
                    dot += a.data()[i * f + j] * b.data()[i * f + j];
                }
                double err = (dot - exact[i]) / exact[i];
                acc += err * err;
            }
        }
        return acc / ((double) draws * n);
    }

    @Override
    public OptionalDouble theory(Estimator estimator, Kernel kernel) {
        DataSample data = new DataSample(queries, keys);
        double acc = 0;
        for (int i = 0; i < queries.rows(); i++) {
            double[] x = queries.row(i);
            double[] y = keys.row(i);
            OptionalDouble mse = estimator.theoryMse(kernel, x, y, data);
            if (mse.isEmpty()) {
                return OptionalDouble.empty();
            }
            double k = kernel.value(x, y);
            acc += mse.getAsDouble() / (k * k);
        }
        return OptionalDouble.of(acc / queries.rows());
    }
}
