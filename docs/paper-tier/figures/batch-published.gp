# Batched Two-Choice: published (PODC'22) and measured
# tier paper · n = 10000 · Two-Choice m = 50n (b < n), 1000n (b ≥ n) · One-Choice m = b · 100 runs · seed 1 · bars: 95% CI
# Redraw: gnuplot -e 'fmt="pdf"' batch-published.gp   (fmt: png, pdf, svg, tex)
# The data are in batch-published.dat, one block per series (see its comments).
if (!exists("fmt")) fmt = "png"
tex = (fmt eq "tex")
if (fmt eq "png") {
  set terminal pngcairo size 990,945 enhanced font "Sans,19" linewidth 2.5
  set output "batch-published.png"
} else { if (fmt eq "pdf") {
  set terminal pdfcairo size 3.3in,3.15in enhanced font "Sans,6.5" linewidth 1
  set output "batch-published.pdf"
} else { if (fmt eq "svg") {
  set terminal svg size 660,630 dynamic enhanced font "Sans,13" linewidth 1.5
  set output "batch-published.svg"
} else { if (tex) {
  set terminal cairolatex pdf size 3.3in,3.15in linewidth 1
  set output "batch-published-latex.tex"
} else {
  print "fmt must be png, pdf, svg or tex"
  exit status 2
} } } }

T_title = tex ? 'Batched Two-Choice: published (PODC''22) and measured' : 'Batched Two-Choice: published (PODC''22) and measured'
T_x = tex ? 'b (batch size, balls)' : 'b (batch size, balls)'
T_y = tex ? 'mean gap (max load for One-Choice)' : 'mean gap (max load for One-Choice)'
T_note0 = tex ? 'tier paper $\cdot$ n = 10000 $\cdot$ Two-Choice m = 50n (b < n), 1000n (b $\geq$ n)' : 'tier paper · n = 10000 · Two-Choice m = 50n (b < n), 1000n (b ≥ n)'
T_note1 = tex ? 'One-Choice m = b $\cdot$ 100 runs $\cdot$ seed 1 $\cdot$ bars: 95\% CI' : 'One-Choice m = b · 100 runs · seed 1 · bars: 95% CI'
T_s0 = tex ? 'Two-Choice $\lceil$gap$\rceil$, published' : 'Two-Choice ⌈gap⌉, published'
T_s1 = tex ? 'Two-Choice $\lceil$gap$\rceil$, measured' : 'Two-Choice ⌈gap⌉, measured'
T_s2 = tex ? 'One-Choice m = b, published' : 'One-Choice m = b, published'
T_s3 = tex ? 'One-Choice m = b, max load, measured' : 'One-Choice m = b, max load, measured'
T_s4 = tex ? 'One-Choice m = b, gap, measured' : 'One-Choice m = b, gap, measured'

P = (fmt eq "png") ? 1.4 : (fmt eq "svg" ? 0.7 : 0.45)
set title (tex ? sprintf('\shortstack{%s\\{\footnotesize %s}\\{\footnotesize %s}}', T_title, T_note0, T_note1) : sprintf("%s\n{/*0.85 %s}\n{/*0.85 %s}", T_title, T_note0, T_note1))
set xlabel T_x
set ylabel T_y
set border 3
set tics nomirror out
set grid lt 1 lc rgb '#e4e4e4' lw 0.5
set key below maxcols 2 reverse Left width 1 spacing 1.0 samplen 2.5 height 1
if (tex) { set key spacing 1.3 }
set logscale x 10
if (tex) { set format x '$%g$' }
if (tex) { set format x '$10^{%L}$' } else { set format x '10^{%L}' }
set logscale y 10
if (tex) { set format y '$%g$' }
if (tex) { set format y '$10^{%L}$' } else { set format y '10^{%L}' }
set autoscale xfix
set autoscale yfix
set offsets graph 0.03, graph 0.03, graph 0.06, graph 0.06

plot \
  'batch-published.dat' index 0 using 1:2 with points lc rgb '#000000' pt 6 ps 1.8*P title T_s0, \
  'batch-published.dat' index 1 using 1:2:3:4 with yerrorlines lc rgb '#000000' lw 1.2 dt 2 pt 6 ps P title T_s1, \
  'batch-published.dat' index 2 using 1:2 with points lc rgb '#E69F00' pt 4 ps 1.8*P title T_s2, \
  'batch-published.dat' index 3 using 1:2:3:4 with yerrorlines lc rgb '#E69F00' lw 1.2 dt 2 pt 4 ps P title T_s3, \
  'batch-published.dat' index 4 using 1:2:3:4 with yerrorlines lc rgb '#0072B2' lw 1.2 dt 3 pt 8 ps P title T_s4
