package org.rf4j.couplings;

import org.rf4j.spi.CouplingProvider;
import org.rf4j.testkit.CouplingContract;

class SimplexHdCouplingContractTest extends CouplingContract {
    @Override
    protected CouplingProvider provider() {
        return new HdCoupling.SimplexProvider();
    }

    /**
     * three padded HD blocks are only approximately Haar (fourth moments measured within ~5%).
     */
    @Override
    protected double directionTolerance() {
        return 0.1;
    }
}
