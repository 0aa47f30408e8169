# Batched allocation, Exp(1) weights
# tier paper · n = 65536, m = max(1000n, 10b) in whole batches · 50 runs · seed 1 · bars: 95% CI
# Redraw: gnuplot -e 'fmt="pdf"' batch-exp.gp   (fmt: png, pdf, svg, tex)
# The data are in batch-exp.dat, one block per series (see its comments).
if (!exists("fmt")) fmt = "png"
tex = (fmt eq "tex")
if (fmt eq "png") {
  set terminal pngcairo size 990,867 enhanced font "Sans,19" linewidth 2.5
  set output "batch-exp.png"
} else { if (fmt eq "pdf") {
  set terminal pdfcairo size 3.3in,2.89in enhanced font "Sans,6.5" linewidth 1
  set output "batch-exp.pdf"
} else { if (fmt eq "svg") {
  set terminal svg size 660,578 dynamic enhanced font "Sans,13" linewidth 1.5
  set output "batch-exp.svg"
} else { if (tex) {
  set terminal cairolatex pdf size 3.3in,2.89in linewidth 1
  set output "batch-exp-latex.tex"
} else {
  print "fmt must be png, pdf, svg or tex"
  exit status 2
} } } }

T_title = tex ? 'Batched allocation, Exp(1) weights' : 'Batched allocation, Exp(1) weights'
T_x = tex ? 'b/n (batch size / bins)' : 'b/n (batch size / bins)'
T_y = tex ? 'mean gap at m' : 'mean gap at m'
T_note0 = tex ? 'tier paper $\cdot$ n = 65536, m = max(1000n, 10b) in whole batches' : 'tier paper · n = 65536, m = max(1000n, 10b) in whole batches'
T_note1 = tex ? '50 runs $\cdot$ seed 1 $\cdot$ bars: 95\% CI' : '50 runs · seed 1 · bars: 95% CI'
T_s0 = tex ? 'Two-Choice' : 'Two-Choice'
T_s1 = tex ? '(1+$\beta$), $\beta$ = min(1, $\surd$((n/b) ln n))' : '(1+β), β = min(1, √((n/b) ln n))'
T_s2 = tex ? 'One-Choice, m = b (no batches)' : 'One-Choice, m = b (no batches)'

P = (fmt eq "png") ? 1.4 : (fmt eq "svg" ? 0.7 : 0.45)
set title (tex ? sprintf('\shortstack{%s\\{\footnotesize %s}\\{\footnotesize %s}}', T_title, T_note0, T_note1) : sprintf("%s\n{/*0.85 %s}\n{/*0.85 %s}", T_title, T_note0, T_note1))
set xlabel T_x
set ylabel T_y
set border 3
set tics nomirror out
set grid lt 1 lc rgb '#e4e4e4' lw 0.5
set key below maxcols 2 reverse Left width 1 spacing 1.0 samplen 2.5 height 1
if (tex) { set key spacing 1.3 }
set logscale x 2
if (tex) { set format x '$%g$' }
if (tex) { set format x '$2^{%L}$' } else { set format x '2^{%L}' }
set logscale y 10
if (tex) { set format y '$%g$' }
if (tex) { set format y '$10^{%L}$' } else { set format y '10^{%L}' }
set autoscale xfix
set autoscale yfix
set offsets graph 0.03, graph 0.03, graph 0.06, graph 0.06

plot \
  'batch-exp.dat' index 0 using 1:2:3:4 with yerrorlines lc rgb '#000000' lw 1.2 dt 1 pt 7 ps P title T_s0, \
  'batch-exp.dat' index 1 using 1:2:3:4 with yerrorlines lc rgb '#E69F00' lw 1.2 dt 1 pt 5 ps P title T_s1, \
  'batch-exp.dat' index 2 using 1:2:3:4 with yerrorlines lc rgb '#0072B2' lw 1.2 dt 1 pt 9 ps P title T_s2
