# one-plus-beta-beta-free-control: mean gap at m
# tier paper · m = 1000n · 50 runs per point · seeds from salt 20261130, one per point · bars: 95% CI
# Redraw: gnuplot -e 'fmt="pdf"' claim-one-plus-beta-beta-free-control-ratio.gp   (fmt: png, pdf, svg, tex)
# The data are in claim-one-plus-beta-beta-free-control-ratio.dat, one block per series (see its comments).
if (!exists("fmt")) fmt = "png"
tex = (fmt eq "tex")
if (fmt eq "png") {
  set terminal pngcairo size 990,906 enhanced font "Sans,19" linewidth 2.5
  set output "claim-one-plus-beta-beta-free-control-ratio.png"
} else { if (fmt eq "pdf") {
  set terminal pdfcairo size 3.3in,3.02in enhanced font "Sans,6.5" linewidth 1
  set output "claim-one-plus-beta-beta-free-control-ratio.pdf"
} else { if (fmt eq "svg") {
  set terminal svg size 660,604 dynamic enhanced font "Sans,13" linewidth 1.5
  set output "claim-one-plus-beta-beta-free-control-ratio.svg"
} else { if (tex) {
  set terminal cairolatex pdf size 3.3in,3.02in linewidth 1
  set output "claim-one-plus-beta-beta-free-control-ratio-latex.tex"
} else {
  print "fmt must be png, pdf, svg or tex"
  exit status 2
} } } }

T_title = tex ? 'one-plus-beta-beta-free-control: mean gap at m' : 'one-plus-beta-beta-free-control: mean gap at m'
T_x = tex ? '$\beta$ (probability of a Two-Choice step)' : 'β (probability of a Two-Choice step)'
T_y = tex ? 'mean gap at m' : 'mean gap at m'
T_note0 = tex ? 'tier paper $\cdot$ m = 1000n $\cdot$ 50 runs per point' : 'tier paper · m = 1000n · 50 runs per point'
T_note1 = tex ? 'seeds from salt 20261130, one per point $\cdot$ bars: 95\% CI' : 'seeds from salt 20261130, one per point · bars: 95% CI'
T_s0 = tex ? 'n = 1024' : 'n = 1024'
T_s1 = tex ? 'n = 16384' : 'n = 16384'
T_s2 = tex ? 'n = 262144' : 'n = 262144'
T_s3 = tex ? 'fitted c = 14.8' : 'fitted c = 14.8'

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
set xtics (0.05, 0.1, 0.2, 0.4, 0.7)
if (tex) { set format x '$%g$' } else { set format x '%g' }
set autoscale xfix
set autoscale yfix
set offsets graph 0.03, graph 0.03, graph 0.06, graph 0.06

plot \
  'claim-one-plus-beta-beta-free-control-ratio.dat' index 0 using 1:2:3:4 with yerrorlines lc rgb '#E69F00' lw 1.2 dt 1 pt 5 ps P title T_s0, \
  'claim-one-plus-beta-beta-free-control-ratio.dat' index 1 using 1:2:3:4 with yerrorlines lc rgb '#0072B2' lw 1.2 dt 1 pt 9 ps P title T_s1, \
  'claim-one-plus-beta-beta-free-control-ratio.dat' index 2 using 1:2:3:4 with yerrorlines lc rgb '#009E73' lw 1.2 dt 1 pt 13 ps P title T_s2, \
  'claim-one-plus-beta-beta-free-control-ratio.dat' index 3 using 1:2 with lines lc rgb '#000000' lw 1.5 dt 2 title T_s3
