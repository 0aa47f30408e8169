# mixed-quantile-batched: (mean gap at m − c) / √((b/n) ln n)
# tier paper · n = 16384, m = 30·b · 30 runs per point · seeds from salt 20261130, one per point · bars: 95% CI
# Redraw: gnuplot -e 'fmt="pdf"' claim-mixed-quantile-batched-ratio.gp   (fmt: png, pdf, svg, tex)
# The data are in claim-mixed-quantile-batched-ratio.dat, one block per series (see its comments).
if (!exists("fmt")) fmt = "png"
tex = (fmt eq "tex")
if (fmt eq "png") {
  set terminal pngcairo size 990,828 enhanced font "Sans,19" linewidth 2.5
  set output "claim-mixed-quantile-batched-ratio.png"
} else { if (fmt eq "pdf") {
  set terminal pdfcairo size 3.3in,2.76in enhanced font "Sans,6.5" linewidth 1
  set output "claim-mixed-quantile-batched-ratio.pdf"
} else { if (fmt eq "svg") {
  set terminal svg size 660,552 dynamic enhanced font "Sans,13" linewidth 1.5
  set output "claim-mixed-quantile-batched-ratio.svg"
} else { if (tex) {
  set terminal cairolatex pdf size 3.3in,2.76in linewidth 1
  set output "claim-mixed-quantile-batched-ratio-latex.tex"
} else {
  print "fmt must be png, pdf, svg or tex"
  exit status 2
} } } }

T_title = tex ? 'mixed-quantile-batched: (mean gap at m $-$ c) / $\surd$((b/n) ln n)' : 'mixed-quantile-batched: (mean gap at m − c) / √((b/n) ln n)'
T_x = tex ? 'b (batch size in balls)' : 'b (batch size in balls)'
T_y = tex ? '(mean gap at m $-$ 2.64) / $\surd$((b/n) ln n)' : '(mean gap at m − 2.64) / √((b/n) ln n)'
T_note0 = tex ? 'tier paper $\cdot$ n = 16384, m = 30$\cdot$b $\cdot$ 30 runs per point' : 'tier paper · n = 16384, m = 30·b · 30 runs per point'
T_note1 = tex ? 'seeds from salt 20261130, one per point $\cdot$ bars: 95\% CI' : 'seeds from salt 20261130, one per point · bars: 95% CI'
T_s0 = tex ? 'measured' : 'measured'
T_s1 = tex ? 'fitted a = 1.66' : 'fitted a = 1.66'

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
set autoscale xfix
set autoscale yfix
set offsets graph 0.03, graph 0.03, graph 0.06, graph 0.06

plot \
  'claim-mixed-quantile-batched-ratio.dat' index 0 using 1:2:3:4 with yerrorlines lc rgb '#E69F00' lw 1.2 dt 1 pt 5 ps P title T_s0, \
  'claim-mixed-quantile-batched-ratio.dat' index 1 using 1:2 with lines lc rgb '#000000' lw 1.5 dt 2 title T_s1
