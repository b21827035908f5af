package org.rf4j.sampling;

import java.util.OptionalDouble;
import org.rf4j.api.Spec;
import org.rf4j.api.mechanism.AbstractMechanism;
import org.rf4j.api.mechanism.FeatureRequest;
import org.rf4j.api.mechanism.PointQuery;
import org.rf4j.api.mechanism.Projection;
import org.rf4j.api.mechanism.ProjectionFeatureMap;
import org.rf4j.api.mechanism.SamplingPolicy;
import org.rf4j.spi.AbstractProvider;
import org.rf4j.spi.MechanismKind;
import org.rf4j.spi.SamplingPolicyProvider;

/**
 * The {@code standard} policy: ω ~ Ω = N(0, I) exactly as the coupling drew it, weight 1 (Sernau
 * et al. Eq. 1, i.e. Eq. 2 with Ψ = Ω). {@link #adapt} is the identity, so the drawn features are
 * bit-identical to drawing without a policy; its MSE is the feature map's own closed form.
 */
public final class StandardSampling extends AbstractMechanism implements SamplingPolicy {
    /** The provider id. */
    public static final String ID = "standard";

    @Override
    public Spec spec() {
        return Spec.of(ID);
    }

    @Override
    public Projection adapt(Projection standard, ProjectionFeatureMap map, FeatureRequest request) {
        return standard;
    }

    /** The map's own closed form (asked without a sampling policy, which is what this policy is). */
    @Override
    public OptionalDouble theoryMse(PointQuery query, ProjectionFeatureMap map) {
        return map.theoryMse(new PointQuery(query.kind(), query.m(), query.coupling(), null, query.x(), query.y(),
                query.data()));
    }

    /** The {@code standard} provider. */
    public static final class Provider extends AbstractProvider<SamplingPolicy> implements SamplingPolicyProvider {
        public Provider() {
            super(MechanismKind.SAMPLING_POLICY, ID,
                    "projections from the standard distribution N(0, I), weight 1 (Sernau et al. Eq. 1)",
                    (parameters, context) -> new StandardSampling());
        }
    }
}
