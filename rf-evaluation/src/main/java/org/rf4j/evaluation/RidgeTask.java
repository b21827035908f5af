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

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.OptionalDouble;
import java.util.function.IntFunction;
import java.util.random.RandomGenerator;
import org.rf4j.RandomFeatures;
import org.rf4j.api.InvalidParameterException;
import org.rf4j.api.Matrix;
import org.rf4j.api.kernel.GaussianKernel;
import org.rf4j.api.kernel.Kernel;
import org.rf4j.api.mechanism.Estimator;
import org.rf4j.api.random.Seeds;
import org.rf4j.spi.MechanismKind;
import org.rf4j.spi.MechanismRegistry;
import org.rf4j.learn.Bandwidths;
import org.rf4j.learn.ExactKernelRidge;
import org.rf4j.learn.LearningTask;
import org.rf4j.learn.NystroemFeatures;
import org.rf4j.learn.RidgeTrainer;
import org.rf4j.learn.Standardizer;
import org.rf4j.learn.Targets;
import org.apiguardian.api.API;

/**
 * The {@code ridge} evaluation task: kernel ridge regression (or one-vs-rest ridge classification)
 * on each mechanism's features, test accuracy (classification) or test RMSE (regression) against
 * m, with exact kernel ridge as the reference line and Nyström features as a baseline mechanism
 * ({@link #withNystroem}).
 *
 * <p>Protocol: the rows are split once (seeded) into 60% train, 20% validation, 20% test and
 * standardised with the training statistics. The bandwidth σ and λ are tuned for the
 * <em>exact</em> kernel ridge on the validation part (what the features approximate): σ over
 * σ₀·2^(k/2), k = −4..2, with σ₀ the median pairwise distance of (up to 256) training rows, λ over
 * 10⁻⁶ … 10⁻¹. Each run then draws the mechanism from its seed (data-dependent maps fitted on the
 * training part), fits ridge with the tuned λ on the key-side features of the training rows and
 * scores the query-side predictions on the test part.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class RidgeTask extends AbstractEvaluationTask {
    /** The λ grid of the calibration. */
    static final double[] LAMBDAS = {1e-6, 1e-5, 1e-4, 1e-3, 1e-2, 1e-1};

    private final String name;
    private Matrix train;
    private Matrix validation;
    private Matrix test;
    private final Matrix[] raw;
    private final Targets trainTargets;
    private final Targets validationTargets;
    private final Targets testTargets;
    private double lambda = 1e-3;
    private Figure searchFigure;

    /**
     * @param name    the data set's name (for reports)
     * @param x       the rows (caller's coordinates)
     * @param targets classification or regression targets of the rows
     * @param seed    the split seed
     */
    public RidgeTask(String name, Matrix x, Targets targets, long seed) {
        super("ridge", classifies(targets) ? "test accuracy" : "test RMSE", classifies(targets), false);
        this.name = Objects.requireNonNull(name, "name");
        x.requireNonEmpty("data").requireFinite("data");
        int n = x.rows();
        if (n < 10) {
            throw new InvalidParameterException("data", n + " rows", "at least 10 rows for a 60/20/20 split");
        }
        RandomGenerator rng = Seeds.generator(Seeds.derive(seed, "ridge-split"));
        int[] perm = RidgeTrainer.permutation(n, rng);
        int nt = (int) Math.round(0.6 * n);
        int nv = (int) Math.round(0.2 * n);
        int[] tr = java.util.Arrays.copyOfRange(perm, 0, nt);
        int[] va = java.util.Arrays.copyOfRange(perm, nt, nt + nv);
        int[] te = java.util.Arrays.copyOfRange(perm, nt + nv, n);
        Matrix rawTrain = RidgeTrainer.rows(x, tr);
        Matrix rawValidation = RidgeTrainer.rows(x, va);
        Matrix rawTest = RidgeTrainer.rows(x, te);
        this.raw = new Matrix[] {rawTrain, rawValidation, rawTest};
        Standardizer s = Standardizer.fit(rawTrain);
        this.train = s.apply(rawTrain);
        this.validation = s.apply(rawValidation);
        this.test = s.apply(rawTest);
        this.trainTargets = targets.rows(tr);
        this.validationTargets = targets.rows(va);
        this.testTargets = targets.rows(te);
    }

    /** Classification on labelled data (e.g. the bundled Iris). */
    public static RidgeTask classification(LabeledData data, long seed) {
        return new RidgeTask(data.name(), data.x(), Targets.classes(data.labels(), List.of()), seed);
    }

    /** The configs plus the Nyström baseline ({@code iid/nystroem}) when the registry has it. */
    public static List<EvaluationConfig> withNystroem(List<EvaluationConfig> configs, MechanismRegistry registry,
            List<String> notes) {
        List<EvaluationConfig> out = new ArrayList<>(configs);
        if (registry.ids(MechanismKind.FEATURE_MAP).contains(NystroemFeatures.ID)) {
            out.add(EvaluationConfig.of("iid/nystroem",
                    RandomFeatures.gaussian(1.0).registry(registry).coupling("iid").features(NystroemFeatures.ID)));
        } else {
            notes.add("feature map 'nystroem' is not registered; the Nyström baseline is skipped");
        }
        return out;
    }

    private boolean classify() {
        return higherIsBetter();
    }

    /** True for class targets (accuracy, higher is better), false for numeric ones (RMSE). */
    private static boolean classifies(Targets targets) {
        return Objects.requireNonNull(targets, "targets").task() == LearningTask.CLASSIFY;
    }

    /** The λ tuned for the exact kernel (after {@link #calibrate}). */
    public double lambda() {
        return lambda;
    }

    /** The standardised training rows (the key side). */
    @Override
    public List<Matrix> bandwidthRows() {
        return List.of(train);
    }

    @Override
    public String title() {
        return classify() ? "Kernel ridge classification on random features" : "Kernel ridge regression on random features";
    }

    @Override
    public String description() {
        return (classify() ? "One-vs-rest ridge classification (scikit-learn's RidgeClassifier)" : "Ridge regression")
                + " on each mechanism's features, trained on the key side and predicting on the query side, on " + name + " ("
                + (train.rows() + validation.rows() + test.rows()) + " rows, " + train.cols() + " features; split 60/20/20,"
                + " standardised). σ and λ tuned for exact kernel ridge on the validation part. Reference: exact kernel"
                + " ridge with the same σ and λ; Nyström features (iid/nystroem) as the data-dependent baseline.";
    }

    @Override
    public int dimension() {
        return train.cols();
    }

    /** σ₀·2^(k/2), k = −4..2. */
    double[] bandwidthGrid() {
        return Bandwidths.grid(train, -4, 2);
    }

    private double metric(Matrix scores, Targets t) {
        if (classify()) {
            return RidgeTrainer.score(scores, t);
        }
        return RidgeTrainer.rmse(scores.data(), t.y().data());
    }

    /**
     * Tunes λ, and the kernel's length scale where it has one (the Gaussian's σ, a
     * {@code lengthscale}), for exact kernel ridge on the validation part; a kernel without a length
     * scale keeps its parameters. A histogram kernel gets the raw rows (standardised ones would be
     * negative).
     */
    @Override
    public Kernel calibrate(IntFunction<Estimator> reference, Kernel kernel, long seed) {
        if (TaskKernels.histogram(kernel)) {
            train = raw[0];
            validation = raw[1];
            test = raw[2];
            notes.add(TaskKernels.rawRowsNote(kernel));
        }
        boolean scaled = TaskKernels.hasLengthScale(kernel);
        String scale = TaskKernels.scaleName(kernel);
        double[] grid = scaled ? bandwidthGrid() : new double[] {Double.NaN};
        double best = classify() ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY;
        double bestSigma = grid[0];
        double bestLambda = LAMBDAS[0];
        double[] perSigma = new double[grid.length];
        StringBuilder sb = new StringBuilder(scaled ? scale + " and λ tuned for exact kernel ridge on the validation part: "
                : "λ tuned for exact kernel ridge on the validation part (kernel '" + kernel.spec().id()
                        + "' has no length scale; its parameters are the config's): ");
        for (int g = 0; g < grid.length; g++) {
            Kernel k = scaled ? TaskKernels.withLengthScale(kernel, grid[g]) : kernel;
            double sigmaBest = classify() ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY;
            for (double l : LAMBDAS) {
                double v = metric(ExactKernelRidge.fit(k, train, trainTargets.y(), l).predict(validation), validationTargets);
                boolean better = classify() ? v >= best : v <= best;
                if (better) {
                    best = v;
                    bestSigma = grid[g];
                    bestLambda = l;
                }
                sigmaBest = classify() ? Math.max(sigmaBest, v) : Math.min(sigmaBest, v);
            }
            perSigma[g] = sigmaBest;
            if (scaled) {
                sb.append(String.format(Locale.ROOT, "%s=%.3g: %.4f; ", scale, grid[g], sigmaBest));
            }
        }
        lambda = bestLambda;
        sb.append(String.format(Locale.ROOT, scaled ? "chosen " + scale + " = %.4g, λ = %.0e (validation %s %.4f)"
                : "chosen λ = %2$.0e (validation %3$s %4$.4f)", bestSigma, bestLambda, classify() ? "accuracy" : "RMSE", best));
        notes.add(sb.toString());
        if (!scaled) {
            return kernel;
        }
        searchFigure = new Figure("Exact kernel ridge: validation " + (classify() ? "accuracy" : "RMSE")
                + " against " + scale + " (best λ per " + scale + ")", (kernel instanceof GaussianKernel ? "bandwidth σ"
                        : "length scale ℓ"), "validation " + (classify() ? "accuracy" : "RMSE"), true, false,
                List.of(new Figure.Curve("exact kernel ridge", grid, perSigma, null, true, 1)));
        return TaskKernels.withLengthScale(kernel, bestSigma);
    }

    @Override
    public double run(Estimator estimator, Kernel kernel, long seed) {
        return metric(RidgeTrainer.fitDrawn(estimator, kernel, train, trainTargets.y(), lambda, seed).apply(test),
                testTargets);
    }

    @Override
    public OptionalDouble reference(Kernel kernel) {
        return OptionalDouble.of(metric(ExactKernelRidge.fit(kernel, train, trainTargets.y(), lambda).predict(test),
                testTargets));
    }

    @Override
    public List<Figure> figures(java.util.Map<String, Estimator> atLargestM, Kernel kernel, long seed) {
        return searchFigure == null ? List.of() : List.of(searchFigure);
    }
}
