/**
 * Importance sampling of the projections (Sernau, Bonacina &amp; Saurous, "All Random Features
 * Representations are Equivalent"): the {@code standard} policy (ω ~ N(0, I), weight 1) and the
 * data-driven {@code optimal} policy (a Gaussian proposal fitted to Theorem 1's optimum
 * p_Ω·q_φ, with exact weights p_Ω/p_Ψ). Providers are registered here and in
 * {@code META-INF/services}.
 */
module org.rf4j.sampling {
    requires transitive org.rf4j.api;
    requires transitive org.rf4j.theory;
    requires org.rf4j.spi;

    exports org.rf4j.sampling;

    provides org.rf4j.spi.SamplingPolicyProvider with
            org.rf4j.sampling.StandardSampling.Provider,
            org.rf4j.sampling.OptimalSampling.Provider;
}
