/**
 * Couplings of the projection vectors (Simplex Random Features paper, Reid et al.): each
 * vector is marginally N(0, I_d); couplings differ in how the vectors depend on each other.
 * Providers are registered here and in {@code META-INF/services}.
 */
module org.rf4j.couplings {
    requires transitive org.rf4j.api;
    requires org.rf4j.spi;

    exports org.rf4j.couplings;

    provides org.rf4j.spi.CouplingProvider with
            org.rf4j.couplings.IidCoupling.Provider;
}
