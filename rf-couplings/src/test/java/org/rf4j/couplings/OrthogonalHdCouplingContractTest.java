package org.rf4j.couplings;

import org.rf4j.spi.CouplingProvider;
import org.rf4j.testkit.CouplingContract;

class OrthogonalHdCouplingContractTest extends CouplingContract {
    @Override
    protected CouplingProvider provider() {
        return new HdCoupling.OrthogonalProvider();
    }

    /**
     * three padded HD blocks are only approximately Haar (fourth moments measured ~4% off).
     */
    @Override
    protected double directionTolerance() {
        return 0.1;
    }
}
