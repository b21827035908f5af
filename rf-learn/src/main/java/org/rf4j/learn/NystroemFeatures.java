package org.rf4j.learn;

import org.rf4j.api.InvalidInputException;
import org.rf4j.api.Matrix;
import org.rf4j.api.Spec;
import org.rf4j.api.mechanism.Coupling;
import org.rf4j.api.mechanism.DrawnFeatures;
import org.rf4j.api.mechanism.FeatureMap;
import org.rf4j.api.mechanism.FeatureRequest;
import org.rf4j.api.mechanism.Side;
import org.rf4j.spi.BuildContext;
import org.rf4j.spi.FeatureMapProvider;
import org.rf4j.spi.Parameter;
import org.rf4j.spi.ParameterSchema;
import org.rf4j.spi.Parameters;

/**
 * The feature map {@code nystroem}: data-dependent Nyström features ({@link Nystroem}), the
 * baseline every kernel-approximation library has. The m landmarks are sampled from the key side
 * of the data the map is drawn with (kernel coordinates), with the draw's generator; the same map
 * serves both sides (K_LL^{-1/2} k(x) is symmetric in its use). It consumes no projections, so it
 * accepts only independent ({@code iid}) couplings, and without data it cannot be drawn.
 */
public final class NystroemFeatures implements FeatureMap {
    public static final String ID = "nystroem";

    private final double rcond;
    private final double[] landmarks;

    public NystroemFeatures(double rcond) {
        this(rcond, null);
    }

    /**
     * @param landmarks fitted landmarks, row-major in kernel coordinates (length a multiple of d), or
     *                  null to sample them from the data at draw time
     */
    public NystroemFeatures(double rcond, double[] landmarks) {
        this.rcond = rcond;
        this.landmarks = landmarks == null ? null : landmarks.clone();
    }

    /**
     * True until the landmarks are known: they are sampled from the data with the draw's seed, so
     * they are drawn with the data (the front door does so) and written into the fitted config by
     * {@link #fittedSpec(DrawnFeatures, Spec)}, after which the map needs no data.
     */
    @Override
    public boolean needsFit() {
        return landmarks == null;
    }

    @Override
    public Spec spec() {
        Spec s = Spec.of(ID).with("rcond", rcond);
        return landmarks == null ? s : s.with("landmarks", landmarks.clone());
    }

    /** The spec of a drawn map with its landmarks (the fitted values), so that it is rebuilt without data. */
    public static Spec fittedSpec(double rcond, Matrix landmarks) {
        return Spec.of(ID).with("rcond", rcond).with("landmarks", landmarks.data().clone());
    }

    /** The fitted spec of drawn Nyström features, or null when {@code features} are not Nyström features. */
    public static Spec fittedSpec(DrawnFeatures features, Spec configured) {
        if (!(features instanceof Drawn d)) {
            return null;
        }
        Object r = configured.get("rcond");
        double rc = r instanceof Number num ? num.doubleValue() : Nystroem.DEFAULT_RCOND;
        return fittedSpec(rc, d.nystroem().landmarks());
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
        if (landmarks != null) {
            int d = request.d();
            if (landmarks.length % d != 0 || landmarks.length / d > request.m()) {
                throw new org.rf4j.api.DimensionMismatchException("nystroem landmarks: " + landmarks.length
                        + " numbers are not at most m = " + request.m() + " rows of d = " + d);
            }
            return new Drawn(Nystroem.withLandmarks(request.target(), Matrix.wrap(landmarks.length / d, d, landmarks.clone()),
                    request.m(), rcond));
        }
        if (request.data() == null) {
            throw new InvalidInputException("feature map 'nystroem' samples its landmarks from data, and none was given:"
                    + " give the config a top-level \"data\" file or fit it on data");
        }
        Nystroem ny = Nystroem.fit(request.target(), request.data().key(), request.m(), request.rng(), rcond);
        return new Drawn(ny);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof NystroemFeatures n && Double.compare(n.rcond, rcond) == 0
                && java.util.Arrays.equals(n.landmarks, landmarks);
    }

    @Override
    public int hashCode() {
        return Double.hashCode(rcond) * 31 + java.util.Arrays.hashCode(landmarks);
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
    public static final class Provider implements FeatureMapProvider {
        @Override
        public String id() {
            return ID;
        }

        @Override
        public String description() {
            return "Nyström features K_mm^{-1/2} k(x) on m landmarks sampled from the data (Williams & Seeger 2001);"
                    + " data-dependent baseline, needs data";
        }

        @Override
        public ParameterSchema schema() {
            return ParameterSchema.of(Parameter.number("rcond", Nystroem.DEFAULT_RCOND, 0.0, 0.5,
                    "eigenvalues of K_mm below rcond·λ_max are clipped to zero (pseudo-inverse square root)"),
                    Parameter.numbers("landmarks", "fitted landmarks, row-major in kernel coordinates (x/σ); absent:"
                            + " sampled from the data with the seed"));
        }

        @Override
        public FeatureMap create(Parameters parameters, BuildContext context) {
            return new NystroemFeatures(parameters.getDouble("rcond"),
                    parameters.has("landmarks") ? parameters.getDoubles("landmarks") : null);
        }
    }
}
