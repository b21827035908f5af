# scikit-learn side of the large-n run of scripts/gp_compare.sh: exact GaussianProcessRegressor
# (ConstantKernel*RBF + WhiteKernel, normalize_y, its L-BFGS-B marginal-likelihood optimiser, no
# restarts) on the first n rows of DIR/train.csv for each n given, timed, scored on DIR/test.csv.
import numpy as np, sys, time
from sklearn.gaussian_process import GaussianProcessRegressor
from sklearn.gaussian_process.kernels import RBF, WhiteKernel, ConstantKernel as C
from sklearn.preprocessing import StandardScaler
tr = np.loadtxt(sys.argv[1] + "/train.csv", delimiter=",", skiprows=1)
te = np.loadtxt(sys.argv[1] + "/test.csv", delimiter=",", skiprows=1)
print("side,n,m,fit_seconds,cpu_seconds,passes,rmse,nlpd,coverage,lengthscale")
for n in [int(v) for v in sys.argv[2:]]:
    X, y = tr[:n, :-1], tr[:n, -1]
    sc = StandardScaler().fit(X)
    t0 = time.time(); c0 = time.process_time()
    gp = GaussianProcessRegressor(C(1.0) * RBF(1.0) + WhiteKernel(0.5), normalize_y=True, random_state=0).fit(sc.transform(X), y)
    secs = time.time() - t0; cpu = time.process_time() - c0
    m, sd = gp.predict(sc.transform(te[:, :-1]), return_std=True); r = te[:, -1] - m
    print(f"sklearn-exact,{n},-,{secs:.1f},{cpu:.1f},-,{np.sqrt(np.mean(r**2)):.4f},{np.mean(0.5*np.log(2*np.pi*sd**2) + 0.5*r**2/sd**2):.4f},{np.mean(np.abs(r) <= 1.959964*sd):.4f},{gp.kernel_.k1.k2.length_scale:.4f}", flush=True)
