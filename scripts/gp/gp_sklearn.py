# scikit-learn side of scripts/gp_compare.sh: exact GaussianProcessRegressor on the splits rf4j wrote.
import numpy as np, ast, os, sys
from sklearn.gaussian_process import GaussianProcessRegressor
from sklearn.gaussian_process.kernels import RBF, WhiteKernel, ConstantKernel as C
from sklearn.preprocessing import StandardScaler
d = np.loadtxt(sys.argv[1], delimiter=",", skiprows=1); X, y = d[:, :-1], d[:, -1]; n = len(y)
print("split,coverage,rmse,nlpd,lml,lengthscale")
for s in range(int(sys.argv[2])):
    tr = np.array(ast.literal_eval(open(os.path.join(os.environ['GP_SPLITS'], f'split{s}.txt')).read())); te = np.setdiff1d(np.arange(n), tr)
    # same order of test rows as the Java side is irrelevant for the metrics
    sc = StandardScaler().fit(X[tr]); Xtr, Xte = sc.transform(X[tr]), sc.transform(X[te])
    gp = GaussianProcessRegressor(C(1.0) * RBF(5.0) + WhiteKernel(0.5), normalize_y=True, n_restarts_optimizer=3, random_state=0).fit(Xtr, y[tr])
    m, sd = gp.predict(Xte, return_std=True); r = y[te] - m
    print(f"{s},{np.mean(np.abs(r) <= 1.959964 * sd)},{np.sqrt(np.mean(r**2))},{np.mean(0.5*np.log(2*np.pi*sd**2) + 0.5*r**2/sd**2)},{gp.log_marginal_likelihood_value_},{gp.kernel_.k1.k2.length_scale}")
