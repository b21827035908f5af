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
package org.rf4j.learn;

import java.util.Optional;
import org.rf4j.api.InvalidInputException;
import org.rf4j.api.Matrix;
import org.rf4j.api.Spec;
import org.rf4j.api.mechanism.AbstractMechanism;
import org.rf4j.api.mechanism.Coupling;
import org.rf4j.api.mechanism.DataSample;
import org.rf4j.api.mechanism.DrawnFeatures;
import org.rf4j.api.mechanism.FeatureMap;
import org.rf4j.api.mechanism.FeatureRequest;
import org.rf4j.api.mechanism.FitData;
import org.rf4j.api.mechanism.NotFittedException;
import org.rf4j.api.mechanism.Side;
import org.rf4j.api.random.Seeds;
import org.rf4j.spi.AbstractProvider;
import org.rf4j.spi.FeatureMapProvider;
import org.rf4j.spi.Param;
import org.apiguardian.api.API;

/**
 * The feature map {@code nystroem}: data-dependent Nyström features ({@link Nystroem}), the
 * baseline every kernel-approximation library has. Its fit stage samples the m landmarks from the
 * key side of the fit data (kernel coordinates), with the fit seed, and writes them into its spec; the same map
 * serves both sides (K_LL^{-1/2} k(x) is symmetric in its use). It consumes no projections, so it
 * accepts only independent ({@code iid}) couplings; drawing it before its landmarks are fitted is
 * refused ({@link NotFittedException}).
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class NystroemFeatures extends AbstractMechanism implements FeatureMap, org.rf4j.api.mechanism.ExactKernelFeatureMap {
    public static final String ID = "nystroem";

    private static final Param<Double> RCOND = Param.number("rcond", Nystroem.DEFAULT_RCOND, 0.0, 0.5,
            "eigenvalues of K_mm below rcond·λ_max are clipped to zero (pseudo-inverse square root)");
    private static final Param<Optional<double[]>> LANDMARKS = Param.numbers("landmarks", "fitted landmarks, row-major"
            + " in kernel coordinates (x/σ); written by fit (sampled from the data with the seed)");

    private final double rcond;
    private final double[] landmarks;
    /** The config key of {@code landmarks}, for messages. */
    private final String landmarksKey;

    public NystroemFeatures(double rcond) {
        this(rcond, null);
    }

    /**
     * @param landmarks fitted landmarks, row-major in kernel coordinates (length a multiple of d), or
     *                  null to sample them from data at the fit stage
     */
    public NystroemFeatures(double rcond, double[] landmarks) {
        this(rcond, landmarks, LANDMARKS.name());
    }

    private NystroemFeatures(double rcond, double[] landmarks, String landmarksKey) {
        this.rcond = rcond;
        this.landmarks = landmarks == null ? null : landmarks.clone();
        this.landmarksKey = landmarksKey;
    }

    /** True until the landmarks are fitted ({@link #fit(FitData, int)}). */
    @Override
    public boolean needsFit() {
        return landmarks == null;
    }

    /**
     * Fits the m landmarks once: sampled without replacement from the key side of the fit data
     * (kernel coordinates) with a generator from {@link FitData#seed()}; the result's spec carries
     * them, so it is rebuilt and drawn without data (and a new seed does not move them).
     */
    @Override
    public FeatureMap fit(FitData data, int m) {
        if (landmarks != null) {
            return this;
        }
        DataSample s = data.sample(null);
        if (s == null) {
            throw new InvalidInputException("feature map 'nystroem' samples its landmarks from data, and none was given:"
                    + " give the config a top-level \"data\" file or fit it on data");
        }
        Nystroem ny = Nystroem.fit(data.kernel(), s.key(), m, Seeds.generator(data.seed()), rcond);
        return new NystroemFeatures(rcond, ny.landmarks().data());
    }

    @Override
    public Spec spec() {
        Spec s = Spec.of(ID).with(RCOND.name(), rcond);
        return landmarks == null ? s : s.with(LANDMARKS.name(), landmarks.clone());
    }

    @Override
    public boolean positive() {
        return false;
    }

    @Override
    public int outputDimension(int m, int d) {
        return m;
    }

    @Override
    public boolean accepts(Coupling coupling) {
        return coupling.independent();
    }

    @Override
    public DrawnFeatures draw(FeatureRequest request) {
        return new Drawn(Nystroem.withLandmarks(request.target(), landmarkMatrix(request), request.m(), rcond));
    }

    /** Any kernel: the landmarks' Gram matrix and the rows' kernel values need only its exact value. */
    @Override
    public DrawnFeatures draw(org.rf4j.api.kernel.Kernel kernel, FeatureRequest request) {
        if (kernel.unitKind().isPresent()) {
            return draw(request);
        }
        return new Drawn(Nystroem.withLandmarks(kernel, landmarkMatrix(request), request.m(), rcond));
    }

    /** The fitted landmarks as an L×d matrix, checked against the request's m and d. */
    private Matrix landmarkMatrix(FeatureRequest request) {
        if (landmarks == null) {
            throw new NotFittedException("feature map '" + ID + "'", "its landmarks (sampled from the data)");
        }
        int d = request.d();
        if (landmarks.length % d != 0 || landmarks.length / d > request.m()) {
            throw new org.rf4j.api.InvalidParameterException(landmarksKey, landmarks.length + " numbers",
                    "at most m = " + request.m() + " landmarks of d = " + d + " coordinates, row-major (written by fit)");
        }
        return Matrix.wrap(landmarks.length / d, d, landmarks.clone());
    }

    /** Drawn Nyström features: one map for both sides. */
    static final class Drawn implements DrawnFeatures {
        private final Nystroem nystroem;

        Drawn(Nystroem nystroem) {
            this.nystroem = nystroem;
        }

        Nystroem nystroem() {
            return nystroem;
        }

        @Override
        public int inputDimension() {
            return nystroem.inputDimension();
        }

        @Override
        public int outputDimension() {
            return nystroem.outputDimension();
        }

        @Override
        public boolean positive() {
            return false;
        }

        @Override
        public Matrix map(Side side, Matrix x, Matrix out) {
            return nystroem.transform(x, out);
        }
    }

    /** The {@code nystroem} provider. */
    public static final class Provider extends AbstractProvider<FeatureMap> implements FeatureMapProvider {
        public Provider() {
            super(ID,
                    "Nyström features K_mm^{-1/2} k(x) on m landmarks sampled from the data (Williams & Seeger 2001);"
                    + " data-dependent baseline, needs data",
                    (p, context) -> new NystroemFeatures(p.get(RCOND), p.get(LANDMARKS).orElse(null),
                            p.key(LANDMARKS)), RCOND, LANDMARKS);
        }
    }
}
