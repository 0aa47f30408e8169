# b-Batched Quantile(1/2): gap = O(b/n + ln n) for b ∈ [n, n³] [pass]
# tier paper · m = 30·b · 30 runs per point · seeds from salt 20261130, one per point · bars: 95% CI
# Redraw: gnuplot -e 'fmt="pdf"' claim-quantile-batched-upper-bound.gp   (fmt: png, pdf, svg, tex)
# The data are in claim-quantile-batched-upper-bound.dat, one block per series (see its comments).
if (!exists("fmt")) fmt = "png"
tex = (fmt eq "tex")
if (fmt eq "png") {
  set terminal pngcairo size 990,903 enhanced font "Sans,19" linewidth 2.5
  set output "claim-quantile-batched-upper-bound.png"
} else { if (fmt eq "pdf") {
  set terminal pdfcairo size 3.3in,3.01in enhanced font "Sans,6.5" linewidth 1
  set output "claim-quantile-batched-upper-bound.pdf"
} else { if (fmt eq "svg") {
  set terminal svg size 660,602 dynamic enhanced font "Sans,13" linewidth 1.5
  set output "claim-quantile-batched-upper-bound.svg"
} else { if (tex) {
  set terminal cairolatex pdf size 3.3in,3.01in linewidth 1
  set output "claim-quantile-batched-upper-bound-latex.tex"
} else {
  print "fmt must be png, pdf, svg or tex"
  exit status 2
} } } }

T_title = tex ? 'b-Batched Quantile(1/2): gap = O(b/n + ln n) for b $\in$ [n, n$^3$]' : 'b-Batched Quantile(1/2): gap = O(b/n + ln n) for b ∈ [n, n³]'
T_x = tex ? 'b (batch size in balls)' : 'b (batch size in balls)'
T_y = tex ? 'mean gap at m (max load $-$ m/n)' : 'mean gap at m (max load − m/n)'
T_note0 = tex ? 'tier paper $\cdot$ m = 30$\cdot$b $\cdot$ 30 runs per point' : 'tier paper · m = 30·b · 30 runs per point'
T_note1 = tex ? 'seeds from salt 20261130, one per point $\cdot$ bars: 95\% CI' : 'seeds from salt 20261130, one per point · bars: 95% CI'
T_s0 = tex ? 'n = 16384' : 'n = 16384'
T_s1 = tex ? 'n = 65536' : 'n = 65536'
T_s2 = tex ? '1.07$\cdot$(b/n + ln n)' : '1.07·(b/n + ln n)'
T_s3 = tex ? '' : ''
T_title1 = tex ? '[pass]' : '[pass]'

P = (fmt eq "png") ? 1.4 : (fmt eq "svg" ? 0.7 : 0.45)
set title (tex ? sprintf('\shortstack{%s\\%s\\{\footnotesize %s}\\{\footnotesize %s}}', T_title, T_title1, T_note0, T_note1) : sprintf("%s\n%s\n{/*0.85 %s}\n{/*0.85 %s}", T_title, T_title1, T_note0, T_note1))
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
set autoscale xfix
set autoscale yfix
set offsets graph 0.03, graph 0.03, graph 0.06, graph 0.06

plot \
  'claim-quantile-batched-upper-bound.dat' index 0 using 1:2:3:4 with yerrorlines lc rgb '#E69F00' lw 1.2 dt 1 pt 5 ps P title T_s0, \
  'claim-quantile-batched-upper-bound.dat' index 1 using 1:2:3:4 with yerrorlines lc rgb '#0072B2' lw 1.2 dt 1 pt 9 ps P title T_s1, \
  'claim-quantile-batched-upper-bound.dat' index 2 using 1:2 with lines lc rgb '#000000' lw 1.5 dt 2 title T_s2, \
  'claim-quantile-batched-upper-bound.dat' index 3 using 1:2 with lines lc rgb '#000000' lw 1.5 dt 2 notitle
