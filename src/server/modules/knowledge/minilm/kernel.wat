;; The MiniLM forward pass's hot loops (ADR 0065, update), in SIMD128:
;; - qmatmul: y = x · Wᵀ · scales + b, with W int8 (one scale per output row, quantised at load) and x
;;   int16 (one scale per token, see quantize). i32x4.dot_i16x8_s does eight multiply-adds per
;;   instruction; two weight rows go by four tokens at a time (20% faster than one row: 33.8 against
;;   28.1 GMAC/s). Worst case per i32 lane: 1536/4 products of 32767 × 127 = 1.6e9, under 2^31.
;; - quantize: each token's row of f32 → int16 with the scale max|x| / 32767.
;; - attend: softmax attention of 12 heads of 32 over the fused Q|K|V rows, in f32.
;; - gelu: x · (1 + erf(x/√2)) / 2 in place, erf by the Numerical Recipes fit (|error| < 1.2e-7).
;; Assembled by build-kernel.ts into kernel-wasm.ts (base64); nothing is built at run time.
(module
  (memory (export "memory") 1)

  ;; The four lanes' sum, dequantised: acc · xScale · wScale + bias, stored as f32.
  (func $emit (param $acc v128) (param $dst i32) (param $scale f32) (param $bias f32)
    (f32.store (local.get $dst)
      (f32.add
        (f32.mul
          (f32.convert_i32_s
            (i32.add
              (i32.add (i32x4.extract_lane 0 (local.get $acc)) (i32x4.extract_lane 1 (local.get $acc)))
              (i32.add (i32x4.extract_lane 2 (local.get $acc)) (i32x4.extract_lane 3 (local.get $acc)))))
          (local.get $scale))
        (local.get $bias))))

  ;; out[t][j] = Σk x[t][k]·w[j][k] · xs[t] · ws[j] + b[j], for t < n, j < m; k runs over kk (a multiple of 8)
  ;; and m is even. x: n×kk i16, xs: n f32, w: m×kk i8, ws: m f32, b: m f32, out: n×m f32 (byte addresses).
  ;; Two weight rows by four tokens at a time: eight accumulators, six loads per eight dot products.
  (func (export "qmatmul") (param $x i32) (param $xs i32) (param $w i32) (param $ws i32) (param $b i32)
                           (param $out i32) (param $n i32) (param $kk i32) (param $m i32)
    (local $j i32) (local $t i32) (local $row i32) (local $rowEnd i32) (local $pw i32)
    (local $p0 i32) (local $p1 i32) (local $p2 i32) (local $p3 i32) (local $xStride i32) (local $oStride i32)
    (local $ws0 f32) (local $ws1 f32) (local $b0 f32) (local $b1 f32) (local $w0 v128) (local $w1 v128) (local $xv v128)
    (local $a00 v128) (local $a01 v128) (local $a02 v128) (local $a03 v128)
    (local $a10 v128) (local $a11 v128) (local $a12 v128) (local $a13 v128)
    (local $o i32) (local $s f32)
    (local.set $xStride (i32.shl (local.get $kk) (i32.const 1)))
    (local.set $oStride (i32.shl (local.get $m) (i32.const 2)))
    (local.set $j (i32.const 0))
    (block $rowsDone
      (loop $rows
        (br_if $rowsDone (i32.ge_u (local.get $j) (local.get $m)))
        (local.set $row (i32.add (local.get $w) (i32.mul (local.get $j) (local.get $kk))))
        (local.set $rowEnd (i32.add (local.get $row) (local.get $kk)))
        (local.set $ws0 (f32.load (i32.add (local.get $ws) (i32.shl (local.get $j) (i32.const 2)))))
        (local.set $ws1 (f32.load offset=4 (i32.add (local.get $ws) (i32.shl (local.get $j) (i32.const 2)))))
        (local.set $b0 (f32.load (i32.add (local.get $b) (i32.shl (local.get $j) (i32.const 2)))))
        (local.set $b1 (f32.load offset=4 (i32.add (local.get $b) (i32.shl (local.get $j) (i32.const 2)))))
        (local.set $t (i32.const 0))
        (block $quadsDone
          (loop $quads
            (br_if $quadsDone (i32.gt_u (i32.add (local.get $t) (i32.const 4)) (local.get $n)))
            (local.set $p0 (i32.add (local.get $x) (i32.mul (local.get $t) (local.get $xStride))))
            (local.set $p1 (i32.add (local.get $p0) (local.get $xStride)))
            (local.set $p2 (i32.add (local.get $p1) (local.get $xStride)))
            (local.set $p3 (i32.add (local.get $p2) (local.get $xStride)))
            (local.set $a00 (v128.const i32x4 0 0 0 0)) (local.set $a01 (v128.const i32x4 0 0 0 0))
            (local.set $a02 (v128.const i32x4 0 0 0 0)) (local.set $a03 (v128.const i32x4 0 0 0 0))
            (local.set $a10 (v128.const i32x4 0 0 0 0)) (local.set $a11 (v128.const i32x4 0 0 0 0))
            (local.set $a12 (v128.const i32x4 0 0 0 0)) (local.set $a13 (v128.const i32x4 0 0 0 0))
            (local.set $pw (local.get $row))
            (loop $dots
              (local.set $w0 (v128.load8x8_s (local.get $pw)))
              (local.set $w1 (v128.load8x8_s (i32.add (local.get $pw) (local.get $kk))))
              (local.set $xv (v128.load (local.get $p0)))
              (local.set $a00 (i32x4.add (local.get $a00) (i32x4.dot_i16x8_s (local.get $w0) (local.get $xv))))
              (local.set $a10 (i32x4.add (local.get $a10) (i32x4.dot_i16x8_s (local.get $w1) (local.get $xv))))
              (local.set $xv (v128.load (local.get $p1)))
              (local.set $a01 (i32x4.add (local.get $a01) (i32x4.dot_i16x8_s (local.get $w0) (local.get $xv))))
              (local.set $a11 (i32x4.add (local.get $a11) (i32x4.dot_i16x8_s (local.get $w1) (local.get $xv))))
              (local.set $xv (v128.load (local.get $p2)))
              (local.set $a02 (i32x4.add (local.get $a02) (i32x4.dot_i16x8_s (local.get $w0) (local.get $xv))))
              (local.set $a12 (i32x4.add (local.get $a12) (i32x4.dot_i16x8_s (local.get $w1) (local.get $xv))))
              (local.set $xv (v128.load (local.get $p3)))
              (local.set $a03 (i32x4.add (local.get $a03) (i32x4.dot_i16x8_s (local.get $w0) (local.get $xv))))
              (local.set $a13 (i32x4.add (local.get $a13) (i32x4.dot_i16x8_s (local.get $w1) (local.get $xv))))
              (local.set $pw (i32.add (local.get $pw) (i32.const 8)))
              (local.set $p0 (i32.add (local.get $p0) (i32.const 16)))
              (local.set $p1 (i32.add (local.get $p1) (i32.const 16)))
              (local.set $p2 (i32.add (local.get $p2) (i32.const 16)))
              (local.set $p3 (i32.add (local.get $p3) (i32.const 16)))
              (br_if $dots (i32.lt_u (local.get $pw) (local.get $rowEnd))))
            ;; o: out[t][j]; each token's row of out is oStride further on.
            (local.set $o (i32.add (local.get $out) (i32.add (i32.mul (local.get $t) (local.get $oStride)) (i32.shl (local.get $j) (i32.const 2)))))
            (local.set $s (f32.load (i32.add (local.get $xs) (i32.shl (local.get $t) (i32.const 2)))))
            (call $emit (local.get $a00) (local.get $o) (f32.mul (local.get $ws0) (local.get $s)) (local.get $b0))
            (call $emit (local.get $a10) (i32.add (local.get $o) (i32.const 4)) (f32.mul (local.get $ws1) (local.get $s)) (local.get $b1))
            (local.set $o (i32.add (local.get $o) (local.get $oStride)))
            (local.set $s (f32.load offset=4 (i32.add (local.get $xs) (i32.shl (local.get $t) (i32.const 2)))))
            (call $emit (local.get $a01) (local.get $o) (f32.mul (local.get $ws0) (local.get $s)) (local.get $b0))
            (call $emit (local.get $a11) (i32.add (local.get $o) (i32.const 4)) (f32.mul (local.get $ws1) (local.get $s)) (local.get $b1))
            (local.set $o (i32.add (local.get $o) (local.get $oStride)))
            (local.set $s (f32.load offset=8 (i32.add (local.get $xs) (i32.shl (local.get $t) (i32.const 2)))))
            (call $emit (local.get $a02) (local.get $o) (f32.mul (local.get $ws0) (local.get $s)) (local.get $b0))
            (call $emit (local.get $a12) (i32.add (local.get $o) (i32.const 4)) (f32.mul (local.get $ws1) (local.get $s)) (local.get $b1))
            (local.set $o (i32.add (local.get $o) (local.get $oStride)))
            (local.set $s (f32.load offset=12 (i32.add (local.get $xs) (i32.shl (local.get $t) (i32.const 2)))))
            (call $emit (local.get $a03) (local.get $o) (f32.mul (local.get $ws0) (local.get $s)) (local.get $b0))
            (call $emit (local.get $a13) (i32.add (local.get $o) (i32.const 4)) (f32.mul (local.get $ws1) (local.get $s)) (local.get $b1))
            (local.set $t (i32.add (local.get $t) (i32.const 4)))
            (br $quads)))
        ;; The last one to three tokens, one at a time (still two rows).
        (block $singlesDone
          (loop $singles
            (br_if $singlesDone (i32.ge_u (local.get $t) (local.get $n)))
            (local.set $p0 (i32.add (local.get $x) (i32.mul (local.get $t) (local.get $xStride))))
            (local.set $a00 (v128.const i32x4 0 0 0 0))
            (local.set $a10 (v128.const i32x4 0 0 0 0))
            (local.set $pw (local.get $row))
            (loop $dot
              (local.set $xv (v128.load (local.get $p0)))
              (local.set $a00 (i32x4.add (local.get $a00) (i32x4.dot_i16x8_s (v128.load8x8_s (local.get $pw)) (local.get $xv))))
              (local.set $a10 (i32x4.add (local.get $a10)
                (i32x4.dot_i16x8_s (v128.load8x8_s (i32.add (local.get $pw) (local.get $kk))) (local.get $xv))))
              (local.set $pw (i32.add (local.get $pw) (i32.const 8)))
              (local.set $p0 (i32.add (local.get $p0) (i32.const 16)))
              (br_if $dot (i32.lt_u (local.get $pw) (local.get $rowEnd))))
            (local.set $o (i32.add (local.get $out) (i32.add (i32.mul (local.get $t) (local.get $oStride)) (i32.shl (local.get $j) (i32.const 2)))))
            (local.set $s (f32.load (i32.add (local.get $xs) (i32.shl (local.get $t) (i32.const 2)))))
            (call $emit (local.get $a00) (local.get $o) (f32.mul (local.get $ws0) (local.get $s)) (local.get $b0))
            (call $emit (local.get $a10) (i32.add (local.get $o) (i32.const 4)) (f32.mul (local.get $ws1) (local.get $s)) (local.get $b1))
            (local.set $t (i32.add (local.get $t) (i32.const 1)))
            (br $singles)))
        (local.set $j (i32.add (local.get $j) (i32.const 2)))
        (br $rows))))

  ;; e^x, four at a time: x = n·ln2 + r with |r| ≤ ln2/2, e^r by its Taylor series to r⁶ (relative error
  ;; under 1e-7), 2^n put straight into the exponent bits. x is clamped to [-87, 88] (f32's normal range).
  (func $exp4 (param $x v128) (result v128)
    (local $n v128) (local $r v128) (local $p v128)
    (local.set $x (f32x4.min (f32x4.max (local.get $x) (v128.const f32x4 -87 -87 -87 -87)) (v128.const f32x4 88 88 88 88)))
    (local.set $n (f32x4.nearest (f32x4.mul (local.get $x) (v128.const f32x4 1.44269504 1.44269504 1.44269504 1.44269504))))
    (local.set $r (f32x4.sub (local.get $x) (f32x4.mul (local.get $n) (v128.const f32x4 0.693359375 0.693359375 0.693359375 0.693359375))))
    (local.set $r (f32x4.sub (local.get $r) (f32x4.mul (local.get $n) (v128.const f32x4 -2.12194440e-4 -2.12194440e-4 -2.12194440e-4 -2.12194440e-4))))
    (local.set $p (v128.const f32x4 0.00138888889 0.00138888889 0.00138888889 0.00138888889))
    (local.set $p (f32x4.add (f32x4.mul (local.get $p) (local.get $r)) (v128.const f32x4 0.00833333333 0.00833333333 0.00833333333 0.00833333333)))
    (local.set $p (f32x4.add (f32x4.mul (local.get $p) (local.get $r)) (v128.const f32x4 0.0416666667 0.0416666667 0.0416666667 0.0416666667)))
    (local.set $p (f32x4.add (f32x4.mul (local.get $p) (local.get $r)) (v128.const f32x4 0.166666667 0.166666667 0.166666667 0.166666667)))
    (local.set $p (f32x4.add (f32x4.mul (local.get $p) (local.get $r)) (v128.const f32x4 0.5 0.5 0.5 0.5)))
    (local.set $p (f32x4.add (f32x4.mul (local.get $p) (local.get $r)) (v128.const f32x4 1 1 1 1)))
    (local.set $p (f32x4.add (f32x4.mul (local.get $p) (local.get $r)) (v128.const f32x4 1 1 1 1)))
    (f32x4.mul (local.get $p)
      (i32x4.shl (i32x4.add (i32x4.trunc_sat_f32x4_s (local.get $n)) (v128.const i32x4 127 127 127 127)) (i32.const 23))))

  (func $hsum (param $v v128) (result f32)
    (f32.add
      (f32.add (f32x4.extract_lane 0 (local.get $v)) (f32x4.extract_lane 1 (local.get $v)))
      (f32.add (f32x4.extract_lane 2 (local.get $v)) (f32x4.extract_lane 3 (local.get $v)))))

  ;; count f32 at p (a multiple of 4) → gelu, in place.
  (func (export "gelu") (param $p i32) (param $count i32)
    (local $end i32) (local $x v128) (local $z v128) (local $t v128) (local $q v128) (local $r v128)
    (local.set $end (i32.add (local.get $p) (i32.shl (local.get $count) (i32.const 2))))
    (block $done
      (loop $each
        (br_if $done (i32.ge_u (local.get $p) (local.get $end)))
        (local.set $x (v128.load (local.get $p)))
        (local.set $z (f32x4.mul (f32x4.abs (local.get $x)) (v128.const f32x4 0.707106781 0.707106781 0.707106781 0.707106781)))
        (local.set $t (f32x4.div (v128.const f32x4 1 1 1 1)
          (f32x4.add (v128.const f32x4 1 1 1 1) (f32x4.mul (local.get $z) (v128.const f32x4 0.5 0.5 0.5 0.5)))))
        (local.set $q (v128.const f32x4 0.17087277 0.17087277 0.17087277 0.17087277))
        (local.set $q (f32x4.add (f32x4.mul (local.get $q) (local.get $t)) (v128.const f32x4 -0.82215223 -0.82215223 -0.82215223 -0.82215223)))
        (local.set $q (f32x4.add (f32x4.mul (local.get $q) (local.get $t)) (v128.const f32x4 1.48851587 1.48851587 1.48851587 1.48851587)))
        (local.set $q (f32x4.add (f32x4.mul (local.get $q) (local.get $t)) (v128.const f32x4 -1.13520398 -1.13520398 -1.13520398 -1.13520398)))
        (local.set $q (f32x4.add (f32x4.mul (local.get $q) (local.get $t)) (v128.const f32x4 0.27886807 0.27886807 0.27886807 0.27886807)))
        (local.set $q (f32x4.add (f32x4.mul (local.get $q) (local.get $t)) (v128.const f32x4 -0.18628806 -0.18628806 -0.18628806 -0.18628806)))
        (local.set $q (f32x4.add (f32x4.mul (local.get $q) (local.get $t)) (v128.const f32x4 0.09678418 0.09678418 0.09678418 0.09678418)))
        (local.set $q (f32x4.add (f32x4.mul (local.get $q) (local.get $t)) (v128.const f32x4 0.37409196 0.37409196 0.37409196 0.37409196)))
        (local.set $q (f32x4.add (f32x4.mul (local.get $q) (local.get $t)) (v128.const f32x4 1.00002368 1.00002368 1.00002368 1.00002368)))
        (local.set $q (f32x4.mul (local.get $q) (local.get $t)))
        ;; r = erfc(|x|/√2) = t · e^(−z² − 1.26551223 + q)
        (local.set $r (f32x4.mul (local.get $t)
          (call $exp4 (f32x4.add (f32x4.sub (f32x4.neg (f32x4.mul (local.get $z) (local.get $z))) (v128.const f32x4 1.26551223 1.26551223 1.26551223 1.26551223)) (local.get $q)))))
        ;; x ≥ 0: x(2 − r)/2; x < 0: x·r/2
        (v128.store (local.get $p)
          (f32x4.mul (f32x4.mul (local.get $x) (v128.const f32x4 0.5 0.5 0.5 0.5))
            (v128.bitselect
              (f32x4.sub (v128.const f32x4 2 2 2 2) (local.get $r))
              (local.get $r)
              (f32x4.ge (local.get $x) (v128.const f32x4 0 0 0 0)))))
        (local.set $p (i32.add (local.get $p) (i32.const 16)))
        (br $each))))

  ;; n rows of k f32 at x (k a multiple of 8) → int16 rows at xq, each with its scale at xs[t].
  (func (export "quantize") (param $x i32) (param $n i32) (param $k i32) (param $xq i32) (param $xs i32)
    (local $t i32) (local $p i32) (local $end i32) (local $max v128) (local $m f32) (local $scale f32) (local $inv v128)
    (block $done
      (loop $rows
        (br_if $done (i32.ge_u (local.get $t) (local.get $n)))
        (local.set $end (i32.add (local.get $x) (i32.shl (local.get $k) (i32.const 2))))
        (local.set $max (v128.const f32x4 0 0 0 0))
        (local.set $p (local.get $x))
        (loop $scan
          (local.set $max (f32x4.max (local.get $max) (f32x4.abs (v128.load (local.get $p)))))
          (local.set $p (i32.add (local.get $p) (i32.const 16)))
          (br_if $scan (i32.lt_u (local.get $p) (local.get $end))))
        (local.set $m (f32.max
          (f32.max (f32x4.extract_lane 0 (local.get $max)) (f32x4.extract_lane 1 (local.get $max)))
          (f32.max (f32x4.extract_lane 2 (local.get $max)) (f32x4.extract_lane 3 (local.get $max)))))
        (local.set $scale (select (f32.div (local.get $m) (f32.const 32767)) (f32.const 1) (f32.gt (local.get $m) (f32.const 0))))
        (f32.store (i32.add (local.get $xs) (i32.shl (local.get $t) (i32.const 2))) (local.get $scale))
        (local.set $inv (f32x4.splat (f32.div (f32.const 1) (local.get $scale))))
        (local.set $p (local.get $x))
        (loop $pack
          (v128.store (local.get $xq)
            (i16x8.narrow_i32x4_s
              (i32x4.trunc_sat_f32x4_s (f32x4.nearest (f32x4.mul (v128.load (local.get $p)) (local.get $inv))))
              (i32x4.trunc_sat_f32x4_s (f32x4.nearest (f32x4.mul (v128.load offset=16 (local.get $p)) (local.get $inv))))))
          (local.set $xq (i32.add (local.get $xq) (i32.const 16)))
          (local.set $p (i32.add (local.get $p) (i32.const 32)))
          (br_if $pack (i32.lt_u (local.get $p) (local.get $end))))
        (local.set $x (local.get $end))
        (local.set $t (i32.add (local.get $t) (i32.const 1)))
        (br $rows))))

  ;; Softmax attention: qkv holds n rows of Q|K|V (1152 f32 each), ctx gets n rows of 384 f32, probs is
  ;; scratch for n + 3 f32. Each head is 32 wide (8 vectors): a query's scores against every key, scaled by
  ;; 1/√32, less their maximum, exponentiated, then the values averaged by those weights.
  (func (export "attend") (param $qkv i32) (param $n i32) (param $ctx i32) (param $probs i32)
    (local $h i32) (local $i i32) (local $j i32) (local $qp i32) (local $kp i32) (local $vp i32) (local $pp i32) (local $pend i32)
    (local $q0 v128) (local $q1 v128) (local $q2 v128) (local $q3 v128) (local $q4 v128) (local $q5 v128) (local $q6 v128) (local $q7 v128)
    (local $c0 v128) (local $c1 v128) (local $c2 v128) (local $c3 v128) (local $c4 v128) (local $c5 v128) (local $c6 v128) (local $c7 v128)
    (local $s f32) (local $max f32) (local $sum f32) (local $pv v128) (local $maxv v128) (local $out i32)
    (local.set $pend (i32.add (local.get $probs) (i32.shl (local.get $n) (i32.const 2))))
    ;; The lanes past n score −∞-like, so their weights come out 0 and are never read anyway.
    (v128.store (local.get $pend) (v128.const f32x4 -1e30 -1e30 -1e30 -1e30))
    (loop $heads
      (local.set $i (i32.const 0))
      (loop $queries
        (local.set $qp (i32.add (local.get $qkv) (i32.add (i32.mul (local.get $i) (i32.const 4608)) (i32.shl (local.get $h) (i32.const 7)))))
        (local.set $q0 (v128.load offset=0 (local.get $qp)))
        (local.set $q1 (v128.load offset=16 (local.get $qp)))
        (local.set $q2 (v128.load offset=32 (local.get $qp)))
        (local.set $q3 (v128.load offset=48 (local.get $qp)))
        (local.set $q4 (v128.load offset=64 (local.get $qp)))
        (local.set $q5 (v128.load offset=80 (local.get $qp)))
        (local.set $q6 (v128.load offset=96 (local.get $qp)))
        (local.set $q7 (v128.load offset=112 (local.get $qp)))
        (local.set $kp (i32.add (local.get $qkv) (i32.add (i32.const 1536) (i32.shl (local.get $h) (i32.const 7)))))
        (local.set $pp (local.get $probs))
        (local.set $max (f32.const -1e30))
        (loop $keys
          (local.set $s (f32.mul (f32.const 0.1767766953)
            (call $hsum
              (f32x4.add
                (f32x4.add
                  (f32x4.add (f32x4.mul (local.get $q0) (v128.load offset=0 (local.get $kp))) (f32x4.mul (local.get $q1) (v128.load offset=16 (local.get $kp))))
                  (f32x4.add (f32x4.mul (local.get $q2) (v128.load offset=32 (local.get $kp))) (f32x4.mul (local.get $q3) (v128.load offset=48 (local.get $kp)))))
                (f32x4.add
                  (f32x4.add (f32x4.mul (local.get $q4) (v128.load offset=64 (local.get $kp))) (f32x4.mul (local.get $q5) (v128.load offset=80 (local.get $kp))))
                  (f32x4.add (f32x4.mul (local.get $q6) (v128.load offset=96 (local.get $kp))) (f32x4.mul (local.get $q7) (v128.load offset=112 (local.get $kp)))))))))
          (f32.store (local.get $pp) (local.get $s))
          (local.set $max (f32.max (local.get $max) (local.get $s)))
          (local.set $kp (i32.add (local.get $kp) (i32.const 4608)))
          (local.set $pp (i32.add (local.get $pp) (i32.const 4)))
          (br_if $keys (i32.lt_u (local.get $pp) (local.get $pend))))
        ;; weights = e^(score − max), four at a time (the last vector may run past n: see above).
        (local.set $maxv (f32x4.splat (local.get $max)))
        (local.set $pp (local.get $probs))
        (loop $exps
          (v128.store (local.get $pp) (call $exp4 (f32x4.sub (v128.load (local.get $pp)) (local.get $maxv))))
          (local.set $pp (i32.add (local.get $pp) (i32.const 16)))
          (br_if $exps (i32.lt_u (local.get $pp) (local.get $pend))))
        (v128.store (local.get $pend) (v128.const f32x4 -1e30 -1e30 -1e30 -1e30))
        (local.set $c0 (v128.const f32x4 0 0 0 0)) (local.set $c1 (v128.const f32x4 0 0 0 0))
        (local.set $c2 (v128.const f32x4 0 0 0 0)) (local.set $c3 (v128.const f32x4 0 0 0 0))
        (local.set $c4 (v128.const f32x4 0 0 0 0)) (local.set $c5 (v128.const f32x4 0 0 0 0))
        (local.set $c6 (v128.const f32x4 0 0 0 0)) (local.set $c7 (v128.const f32x4 0 0 0 0))
        (local.set $sum (f32.const 0))
        (local.set $vp (i32.add (local.get $qkv) (i32.add (i32.const 3072) (i32.shl (local.get $h) (i32.const 7)))))
        (local.set $pp (local.get $probs))
        (loop $values
          (local.set $s (f32.load (local.get $pp)))
          (local.set $sum (f32.add (local.get $sum) (local.get $s)))
          (local.set $pv (f32x4.splat (local.get $s)))
          (local.set $c0 (f32x4.add (local.get $c0) (f32x4.mul (local.get $pv) (v128.load offset=0 (local.get $vp)))))
          (local.set $c1 (f32x4.add (local.get $c1) (f32x4.mul (local.get $pv) (v128.load offset=16 (local.get $vp)))))
          (local.set $c2 (f32x4.add (local.get $c2) (f32x4.mul (local.get $pv) (v128.load offset=32 (local.get $vp)))))
          (local.set $c3 (f32x4.add (local.get $c3) (f32x4.mul (local.get $pv) (v128.load offset=48 (local.get $vp)))))
          (local.set $c4 (f32x4.add (local.get $c4) (f32x4.mul (local.get $pv) (v128.load offset=64 (local.get $vp)))))
          (local.set $c5 (f32x4.add (local.get $c5) (f32x4.mul (local.get $pv) (v128.load offset=80 (local.get $vp)))))
          (local.set $c6 (f32x4.add (local.get $c6) (f32x4.mul (local.get $pv) (v128.load offset=96 (local.get $vp)))))
          (local.set $c7 (f32x4.add (local.get $c7) (f32x4.mul (local.get $pv) (v128.load offset=112 (local.get $vp)))))
          (local.set $vp (i32.add (local.get $vp) (i32.const 4608)))
          (local.set $pp (i32.add (local.get $pp) (i32.const 4)))
          (br_if $values (i32.lt_u (local.get $pp) (local.get $pend))))
        (local.set $pv (f32x4.splat (f32.div (f32.const 1) (local.get $sum))))
        (local.set $out (i32.add (local.get $ctx) (i32.add (i32.mul (local.get $i) (i32.const 1536)) (i32.shl (local.get $h) (i32.const 7)))))
        (v128.store offset=0 (local.get $out) (f32x4.mul (local.get $c0) (local.get $pv)))
        (v128.store offset=16 (local.get $out) (f32x4.mul (local.get $c1) (local.get $pv)))
        (v128.store offset=32 (local.get $out) (f32x4.mul (local.get $c2) (local.get $pv)))
        (v128.store offset=48 (local.get $out) (f32x4.mul (local.get $c3) (local.get $pv)))
        (v128.store offset=64 (local.get $out) (f32x4.mul (local.get $c4) (local.get $pv)))
        (v128.store offset=80 (local.get $out) (f32x4.mul (local.get $c5) (local.get $pv)))
        (v128.store offset=96 (local.get $out) (f32x4.mul (local.get $c6) (local.get $pv)))
        (v128.store offset=112 (local.get $out) (f32x4.mul (local.get $c7) (local.get $pv)))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br_if $queries (i32.lt_u (local.get $i) (local.get $n))))
      (local.set $h (i32.add (local.get $h) (i32.const 1)))
      (br_if $heads (i32.lt_u (local.get $h) (i32.const 12))))
  )
)
