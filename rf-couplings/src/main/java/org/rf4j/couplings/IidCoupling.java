package org.rf4j.couplings;

import java.util.random.RandomGenerator;
import org.rf4j.api.Checks;
import org.rf4j.api.InvalidParameterException;
import org.rf4j.api.Matrix;
import org.rf4j.api.Spec;
import org.rf4j.api.mechanism.Coupling;
import org.rf4j.api.mechanism.DenseProjection;
import org.rf4j.api.mechanism.Projection;
import org.rf4j.spi.BuildContext;
import org.rf4j.spi.CouplingProvider;
import org.rf4j.spi.ParameterSchema;
import org.rf4j.spi.Parameters;

/** Independent projections: {@code w_i ~ N(0, I_d)} iid (Rahimi &amp; Recht; SimRF paper Sec. 2). */
public final class IidCoupling implements Coupling {
    /** The provider id. */
    public static final String ID = "iid";

    @Override
    public Spec spec() {
        return Spec.of(ID);
    }

    @Override
    public Projection draw(int m, int d, RandomGenerator rng) {
        Checks.positive("m", m);
        if (d < 1) {
            throw new InvalidParameterException("d", d, "an integer >= 1");
        }
        Matrix w = Matrix.zeros(m, d);
        double[] a = w.data();
        for (int i = 0; i < a.length; i++) {
            a[i] = rng.nextGaussian();
        }
        return new DenseProjection(w);
    }

    @Override
    public boolean independent() {
        return true;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof IidCoupling;
    }

    @Override
    public int hashCode() {
        return ID.hashCode();
    }

    /** The {@code iid} provider. */
    public static final class Provider implements CouplingProvider {
        @Override
        public String id() {
            return ID;
        }

        @Override
        public String description() {
            return "independent Gaussian projections w_i ~ N(0, I_d)";
        }

        @Override
        public ParameterSchema schema() {
            return ParameterSchema.of();
        }

        @Override
        public Coupling create(Parameters parameters, BuildContext context) {
            return new IidCoupling();
        }
    }
}
